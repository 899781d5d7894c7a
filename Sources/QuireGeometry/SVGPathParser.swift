import Foundation

/// Why SVG path data could not be read.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Character offset where reading stopped.
    public var offset: Int
    public var reason: String
    public var description: String { "SVG path data, at \(offset): \(reason)" }
}

/// Reads SVG path data (the `d` attribute): every command, absolute and relative, with the implicit
/// repeats, the smooth-curve reflections and elliptical arcs (converted to cubics).
struct SVGPathParser {
    private let chars: [Character]
    private var i = 0
    private var path = BezierPath()
    private var current = Point.zero
    private var subpathStart = Point.zero
    /// The control point the next S or T reflects (nil unless the previous command was a curve of
    /// that kind).
    private var lastCubicControl: Point?
    private var lastQuadControl: Point?

    init(_ text: String) { chars = Array(text) }

    mutating func parse() throws -> BezierPath {
        var command: Character?
        while true {
            skipSeparators()
            guard i < chars.count else { break }
            if chars[i].isLetter && chars[i] != "e" && chars[i] != "E" {
                command = chars[i]
                i += 1
            } else if command == nil {
                throw SVGPathError(offset: i, reason: "expected a command letter")
            }
            guard let c = command else { break }
            try run(c)
            // After a move, further coordinate pairs are implicit lines.
            if c == "M" { command = "L" } else if c == "m" { command = "l" }
            if c == "Z" || c == "z" { command = nil }
        }
        return path
    }

    private mutating func run(_ c: Character) throws {
        let relative = c.isLowercase
        func abs(_ p: Point) -> Point { relative ? current + p : p }
        var cubicControl: Point?
        var quadControl: Point?
        switch c {
        case "M", "m":
            let p = abs(try pair())
            path.move(to: p)
            current = p
            subpathStart = p
        case "L", "l":
            let p = abs(try pair())
            path.line(to: p)
            current = p
        case "H", "h":
            let x = try number()
            current = Point(relative ? current.x + x : x, current.y)
            path.line(to: current)
        case "V", "v":
            let y = try number()
            current = Point(current.x, relative ? current.y + y : y)
            path.line(to: current)
        case "C", "c":
            let c1 = abs(try pair()), c2 = abs(try pair()), p = abs(try pair())
            path.cubic(to: p, control1: c1, control2: c2)
            (current, cubicControl) = (p, c2)
        case "S", "s":
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = abs(try pair()), p = abs(try pair())
            path.cubic(to: p, control1: c1, control2: c2)
            (current, cubicControl) = (p, c2)
        case "Q", "q":
            let q = abs(try pair()), p = abs(try pair())
            path.quad(to: p, control: q)
            (current, quadControl) = (p, q)
        case "T", "t":
            let q = lastQuadControl.map { current * 2 - $0 } ?? current
            let p = abs(try pair())
            path.quad(to: p, control: q)
            (current, quadControl) = (p, q)
        case "A", "a":
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let p = abs(try pair())
            for e in SVGArc.cubics(from: current, to: p, rx: rx, ry: ry, degrees: rotation, largeArc: large, sweep: sweep) {
                path.elements.append(e)
            }
            current = p
        case "Z", "z":
            path.close()
            current = subpathStart
        default:
            throw SVGPathError(offset: i - 1, reason: "unknown command '\(c)'")
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    private mutating func skipSeparators() {
        while i < chars.count, chars[i].isWhitespace || chars[i] == "," { i += 1 }
    }

    private mutating func pair() throws -> Point {
        let x = try number()
        return Point(x, try number())
    }

    /// Arc flags may be written without separators ("a1 1 0 00 1 1"), so they are read one digit each.
    private mutating func flag() throws -> Bool {
        skipSeparators()
        guard i < chars.count, chars[i] == "0" || chars[i] == "1" else { throw SVGPathError(offset: i, reason: "expected an arc flag") }
        i += 1
        return chars[i - 1] == "1"
    }

    private mutating func number() throws -> Double {
        skipSeparators()
        let start = i
        if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
        var digits = false, dot = false
        while i < chars.count {
            if chars[i].isASCII && chars[i].isNumber { digits = true; i += 1 }
            else if chars[i] == "." && !dot { dot = true; i += 1 }
            else { break }
        }
        if digits, i < chars.count, chars[i] == "e" || chars[i] == "E" {
            var j = i + 1
            if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
            if j < chars.count, chars[j].isASCII && chars[j].isNumber {
                i = j
                while i < chars.count, chars[i].isASCII && chars[i].isNumber { i += 1 }
            }
        }
        guard digits, let value = Double(String(chars[start..<i])), value.isFinite else {
            throw SVGPathError(offset: start, reason: "expected a number")
        }
        return value
    }
}

extension BezierPath {
    /// Parses SVG path data such as `"M10 10 h80 v80 h-80 Z"`.
    public init(svgPathData text: String) throws {
        var parser = SVGPathParser(text)
        self = try parser.parse()
    }

    /// The path as SVG path data with absolute commands (M, L, Q, C, Z), numbers in their shortest
    /// exact form so parsing the text gives back the same path.
    public var svgPathData: String {
        elements.map { e -> String in
            func f(_ p: Point) -> String { "\(SVGNumber.format(p.x)) \(SVGNumber.format(p.y))" }
            switch e {
            case .move(let p): return "M\(f(p))"
            case .line(let p): return "L\(f(p))"
            case .quad(let c, let p): return "Q\(f(c)) \(f(p))"
            case .cubic(let c1, let c2, let p): return "C\(f(c1)) \(f(c2)) \(f(p))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}

enum SVGNumber {
    /// Swift's shortest round-tripping form, without a trailing ".0".
    static func format(_ v: Double) -> String {
        let s = "\(v == 0 ? 0 : v)"
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
}
