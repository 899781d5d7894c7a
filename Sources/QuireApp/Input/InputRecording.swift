import QuireStorage
import QuireX11

/// What the window is told about its input, for the person and for replay: the devices found and how
/// they are read (said once per change), and every event written to the input log (`--record`).
final class InputRecording {
    private var recorder: InputRecorder?
    private let say: @Sendable (String) -> Void

    /// Records into `path` (nil: records nothing). Throws when the log cannot be made.
    init(path: String?, say: @escaping @Sendable (String) -> Void) throws {
        recorder = try path.map(InputRecorder.init(path:))
        self.say = say
    }

    /// Writes `event` to the log; a failure stops recording, said.
    func record(_ event: WindowEvent) {
        if case let .devicesChanged(devices) = event { describe(devices) }
        guard let recorder else { return }
        do {
            try recorder.record(event)
        } catch {
            say("quire: stopped recording input to \(recorder.path): \(error)")
            self.recorder = nil
        }
    }

    /// Says which devices Quire found and how it reads them.
    private func describe(_ devices: [InputDevice]) {
        for device in devices where device.kind != .mouse || device.axes.contains(where: { $0.label == "Abs Pressure" }) {
            let axes = device.axes.map { "\($0.label) \(Int($0.minimum))…\(Int($0.maximum))" }.joined(separator: ", ")
            say("Input: \(device.name) (id \(device.id)) is a \(device.kind.rawValue) [\(device.kindSource)]: \(axes)")
        }
    }
}
