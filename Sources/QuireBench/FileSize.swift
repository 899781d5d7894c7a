import Foundation

/// The size of the file at `path` in bytes; throws where it cannot be read (a caller for which an absent
/// file is empty, such as a notebook's log before its first write, says so with `try?`).
func fileSize(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
}
