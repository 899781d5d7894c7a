import CCairo
import Foundation

/// A file written under a temporary name beside where it goes and renamed into place only when
/// complete, so a failure part-way never leaves a half-written file under the real name (nor touches
/// one already there). Cairo writes into it through `cairoWrite`.
final class PartialFile {
    let path: String
    let temporaryPath: String
    private var handle: UnsafeMutablePointer<FILE>?
    /// Closed but not yet renamed or removed (`close`): the temporary file is still there.
    private var closedKeeping = false
    /// The first write failure, in words; cairo is told to stop at it.
    private(set) var writeError: String?

    init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        self.path = path
        temporaryPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString)").path
        // O_EXCL: the temporary name is new, never another file.
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0, let handle = fdopen(descriptor, "wb") else {
            let reason = String(cString: strerror(errno))
            throw VectorExportError.cannotWrite(path: path, reason: reason)
        }
        self.handle = handle
    }

    deinit {
        discard()
    }

    func write(_ bytes: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard writeError == nil, let handle else { return false }
        guard count == 0 || fwrite(bytes, 1, count, handle) == count else {
            writeError = String(cString: strerror(errno))
            return false
        }
        return true
    }

    /// Runs `body` with the open file, for a writer that writes to a `FILE` itself (qpdf).
    func withHandle<Result>(_ body: (UnsafeMutablePointer<FILE>?) -> Result) -> Result {
        body(handle)
    }

    /// What went wrong writing through `withHandle`, if anything did (the stream's error flag).
    var streamError: String? {
        guard let handle, ferror(handle) != 0 else { return nil }
        return "a write failed (is the disk full?)"
    }

    /// Flushes, closes and renames into place.
    func commit() throws {
        try flushAndClose()
        guard rename(temporaryPath, path) == 0 else {
            let failure = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw VectorExportError.cannotWrite(path: path, reason: failure)
        }
    }

    /// Flushes and closes without putting the file in place, so another program can read it whole at
    /// `temporaryPath`; `discard` still removes it.
    func close() throws {
        try flushAndClose()
        closedKeeping = true
    }

    /// Closes and removes the temporary file (nothing when committed already).
    func discard() {
        if closedKeeping {
            closedKeeping = false
            unlink(temporaryPath)
        }
        guard let handle else { return }
        self.handle = nil
        fclose(handle)
        unlink(temporaryPath)
    }

    /// Flushes to the disk and closes; on any failure removes the temporary file and throws.
    private func flushAndClose() throws {
        guard let handle else { throw VectorExportError.cannotWrite(path: path, reason: "it was already closed") }
        let flushed = fflush(handle) == 0 && fsync(fileno(handle)) == 0
        let reason = flushed ? nil : String(cString: strerror(errno))
        let failed = streamError
        self.handle = nil
        let closed = fclose(handle) == 0
        let failure = writeError ?? reason ?? failed ?? (closed ? nil : String(cString: strerror(errno)))
        if let failure {
            unlink(temporaryPath)
            throw VectorExportError.cannotWrite(path: path, reason: failure)
        }
    }

    /// For cairo's `create_for_stream`: `closure` is this file, unretained.
    static let cairoWrite: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let file = Unmanaged<PartialFile>.fromOpaque(closure).takeUnretainedValue()
        return file.write(data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    var cairoClosure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
