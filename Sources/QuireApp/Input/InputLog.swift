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

    /// The longest line read (a device list of many devices is a few kilobytes; an event a few hundred
    /// bytes) and the most events a log may hold (an hour of a pen at 1,000 samples a second is 3.6
    /// million): what a log costs in memory is bounded whatever its size, and refused past these.
    public static let maximumLineBytes = 1 << 20
    public static let maximumEvents = 4_000_000

    /// Every event of the log at `path`, in order. Read as a stream, a line at a time: memory holds the
    /// events and one line, never the whole file.
    public static func read(_ path: String) throws -> [WindowEvent] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure.unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure.unreadable(path: path, reason: "it is not a regular file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Failure.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        let decoder = JSONDecoder()
        var events: [WindowEvent] = []
        var sawFormat = false
        var lineNumber = 0
        var pending: [UInt8] = []
        func take(_ raw: ArraySlice<UInt8>) throws {
            lineNumber += 1
            guard raw.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0d }) else { return }
            guard raw.count <= maximumLineBytes else {
                if !sawFormat { throw Failure.notAnInputLog(path: path) }
                throw Failure.badLine(path: path, line: lineNumber, reason: "longer than \(maximumLineBytes) bytes")
            }
            let line: Line
            do {
                line = try decoder.decode(Line.self, from: Data(raw))
            } catch {
                if !sawFormat { throw Failure.notAnInputLog(path: path) }
                throw Failure.badLine(path: path, line: lineNumber, reason: String(describing: error).prefix(200).description)
            }
            if !sawFormat {
                guard line.format == format else { throw Failure.notAnInputLog(path: path) }
                sawFormat = true
                return
            }
            if let event = line.event {
                guard events.count < maximumEvents else {
                    throw Failure.badLine(path: path, line: lineNumber, reason: "a log holds at most \(maximumEvents) events")
                }
                events.append(event)
            }
        }
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw Failure.unreadable(path: path, reason: FileSystemReason.text(for: error))
            }
            if chunk.isEmpty { break }
            var start = 0
            let bytes = [UInt8](chunk)
            while let newline = bytes[start...].firstIndex(of: 0x0a) {
                if pending.isEmpty {
                    try take(bytes[start..<newline])
                } else {
                    pending += bytes[start..<newline]
                    try take(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            pending += bytes[start...]
            if pending.count > maximumLineBytes {
                if !sawFormat { throw Failure.notAnInputLog(path: path) }
                throw Failure.badLine(path: path, line: lineNumber + 1, reason: "longer than \(maximumLineBytes) bytes")
            }
        }
        try take(pending[...])
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
