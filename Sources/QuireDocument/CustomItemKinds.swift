import Foundation

/// The custom item kinds this process knows (`CustomItemContent`), by stored name: registered once each
/// at start-up (or by a test), before any notebook holding them is read. A notebook holding a kind that
/// is not registered is refused with a message naming it, as a kind from a newer Quire is.
public enum CustomItemKinds {
    public enum RegistrationError: Error, Equatable, CustomStringConvertible {
        /// Not lower-case letters, digits and hyphens of 1 to 64 characters, starting with a letter.
        case badName(String)
        /// One of Quire's own kinds.
        case builtInName(String)
        /// Registered already, to another type.
        case nameTaken(String)

        public var description: String {
            switch self {
            case let .badName(name):
                "the item kind name \"\(name)\" is not lower-case letters, digits and hyphens (1 to 64, a letter first)"
            case let .builtInName(name): "\"\(name)\" is one of Quire's own item kinds"
            case let .nameTaken(name): "the item kind \"\(name)\" is registered already, to another type"
            }
        }
    }

    /// Makes `type`'s items readable and writable under `type.kindName`. Registering the same type again
    /// does nothing.
    public static func register(_ type: any CustomItemContent.Type) throws {
        let name = type.kindName
        guard name.count <= 64, let first = name.unicodeScalars.first, ("a"..."z").contains(first),
              name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { throw RegistrationError.badName(name) }
        guard !ItemKind.builtIn.contains(where: { $0.rawValue == name }) else { throw RegistrationError.builtInName(name) }
        try table.insert(type, named: name)
    }

    /// The type registered under `name`, or nil.
    public static func type(named name: String) -> (any CustomItemContent.Type)? {
        table.type(named: name)
    }

    private static let table = Table()

    private final class Table: @unchecked Sendable {
        private let lock = NSLock()
        private var types: [String: any CustomItemContent.Type] = [:]

        func insert(_ type: any CustomItemContent.Type, named name: String) throws {
            lock.lock()
            defer { lock.unlock() }
            if let known = types[name] {
                guard ObjectIdentifier(known) == ObjectIdentifier(type) else { throw RegistrationError.nameTaken(name) }
                return
            }
            types[name] = type
        }

        func type(named name: String) -> (any CustomItemContent.Type)? {
            lock.lock()
            defer { lock.unlock() }
            return types[name]
        }
    }
}
