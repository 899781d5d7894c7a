import Foundation
import QuireStorage
import QuireX11

/// An input log: what `quire --record-input FILE` writes and `quire replay FILE` reads. One JSON object
/// a line: first `{"format":"quire-input/1"}`, then `{"event":…}` for every window event in order —
/// the device list (`devicesChanged`, with each device's valuators and ranges) among them — so a
/// tablet bug seen once can be replayed exactly.
public enum InputLog {
    public static let format = "quire-input/1"

    struct Line: Codable {
        var format: String?
        var event: WindowEvent?
    }

    public enum Failure: Error, CustomStringConvertible, Equatable {
        case unreadable(path: String, reason: String)
        case notAnInputLog(path: String)
        case badLine(path: String, line: Int, reason: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): return "cannot read the input log \(path): \(reason)"
            case let .notAnInputLog(path):
                return "\(path) is not a Quire input log (its first line must be {\"format\":\"\(InputLog.format)\"})"
            case let .badLine(path, line, reason): return "\(path):\(line): not an input event (\(reason))"
            }
        }
    }

    /// Every event of the log at `path`, in order.
    public static func read(_ path: String) throws -> [WindowEvent] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Failure.unreadable(path: path, reason: FileSystemReason.text(for: error))
        }
        let decoder = JSONDecoder()
        var events: [WindowEvent] = []
        var sawFormat = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !raw.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let line: Line
            do {
                line = try decoder.decode(Line.self, from: Data(raw.utf8))
            } catch {
                if !sawFormat { throw Failure.notAnInputLog(path: path) }
                throw Failure.badLine(path: path, line: index + 1, reason: String(describing: error).prefix(200).description)
            }
            if !sawFormat {
                guard line.format == format else { throw Failure.notAnInputLog(path: path) }
                sawFormat = true
                continue
            }
            if let event = line.event { events.append(event) }
        }
        guard sawFormat else { throw Failure.notAnInputLog(path: path) }
        return events
    }
}

/// Writes an input log as events happen, a line at a time and flushed, so a crash keeps everything
/// up to it.
public final class InputRecorder {
    private let handle: FileHandle
    private let encoder = JSONEncoder()
    public let path: String

    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw InputLog.Failure.unreadable(path: path, reason: "cannot create it (does the folder exist and is it writable?)")
        }
        self.handle = handle
        self.path = path
        encoder.outputFormatting = [.sortedKeys]
        try write(InputLog.Line(format: InputLog.format, event: nil))
    }

    deinit { try? handle.close() }

    public func record(_ event: WindowEvent) throws {
        try write(InputLog.Line(format: nil, event: event))
    }

    private func write(_ line: InputLog.Line) throws {
        var data = try encoder.encode(line)
        data.append(0x0a)
        try handle.write(contentsOf: data)
    }
}
