import Foundation

/// Foundation's file errors in the words a person can act on: the system's own reason ("Not a
/// directory", "Permission denied", "No space left on device"), which Foundation keeps as the
/// underlying POSIX error, rather than "The operation could not be completed. (NSCocoaErrorDomain
/// error 512.)". Any other error is described as it describes itself.
public enum FileSystemReason {
    public static func text(for error: Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        // On Linux the underlying error may be kept as a Swift error: bridge it.
        if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        guard nsError.domain == NSCocoaErrorDomain else { return "\(error)" }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteFileExists: return String(cString: strerror(EEXIST))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "the file is not readable text"
        default: return "the file system refused it (error \(nsError.code))"
        }
    }
}
