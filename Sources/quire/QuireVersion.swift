/// Quire's version: the one place it is written. `quire --version` prints it, and `make deb` names
/// the package by asking the built program, so the two cannot disagree.
enum QuireVersion {
    static let current = "0.1.0"
}
