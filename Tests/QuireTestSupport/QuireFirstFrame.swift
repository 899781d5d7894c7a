import Foundation
import QuireImageIO

extension XDisplayDriver {
    /// The mapped window titled `title` once it shows Quire's first frame — white paper at its top-left
    /// corner; a mapped window is black until then, and black reads as ink — or nil after `timeout`.
    public func firstFrame(ofWindowTitled title: String = "Quire", timeout: TimeInterval = 20)
        -> (id: UInt, x: Int, y: Int, width: Int, height: Int)? {
        var found: (id: UInt, x: Int, y: Int, width: Int, height: Int)?
        let shown = eventually(timeout: timeout) {
            found = findWindow(titled: title)
            guard let window = found else { return false }
            return screenshot(x: window.x + 5, y: window.y + 5, width: 1, height: 1)?[0, 0]
                == RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255)
        }
        return shown ? found : nil
    }
}
