import Foundation
import QuireX11

/// One row of the key table: the keys, what they do (as the README says it), and the action each key
/// gives. A row may hold several keys (1–9, Ctrl+= or Ctrl++).
public struct KeyBinding: Sendable {
    public enum Section: String, Sendable, CaseIterable {
        case canvas, notebook
    }

    public var section: Section
    /// The keys as written in the docs, when the chords' own labels would be too long ("1–9").
    public var keys: String
    public var does: String
    public var chords: [(KeyChord, AppAction)]

    init(_ section: Section, _ keys: String, _ does: String, _ chords: [(KeyChord, AppAction)]) {
        self.section = section
        self.keys = keys
        self.does = does
        self.chords = chords
    }

    /// A row whose keys are written as the chords' own labels.
    init(_ section: Section, _ does: String, _ chords: [(KeyChord, AppAction)]) {
        self.init(section, chords.map(\.0.label).joined(separator: ", "), does, chords)
    }
}

/// Every key Quire knows, in one table: the canvas and the notebook read it to act, and the README,
/// `quire --help`, `quire keys` and the ready message read it to tell people. Earlier rows win, so a
/// notebook key is never also a canvas key.
public enum KeyTable {
    private static func key(_ keysym: UInt, _ name: String, control: Bool? = false, shift: Bool? = false,
                            alt: Bool? = false) -> KeyChord {
        KeyChord(.keysym(keysym, name: name), control: control, shift: shift, alt: alt)
    }

    private static func ctrl(_ character: Character, shift: Bool? = nil) -> KeyChord {
        KeyChord(.character(character), control: true, shift: shift, alt: nil)
    }

    private static func plain(_ character: Character) -> KeyChord {
        KeyChord(.character(character))
    }

    public static let bindings: [KeyBinding] = [
        // Pages and notebooks, until the on-canvas interface exists.
        KeyBinding(.notebook, "PageDown / PageUp", "next / previous page (PageDown on the last page adds a blank one)", [
            (key(Keysym.pageDown, "PageDown"), .notebook(.nextPage)), (key(Keysym.pageUp, "PageUp"), .notebook(.previousPage)),
        ]),
        KeyBinding(.notebook, "Ctrl+PageDown / Ctrl+PageUp", "move the page one later / earlier", [
            (key(Keysym.pageDown, "PageDown", control: true), .notebook(.movePageLater)),
            (key(Keysym.pageUp, "PageUp", control: true), .notebook(.movePageEarlier)),
        ]),
        KeyBinding(.notebook, "the page sorter: every page as a thumbnail; click one to open it, drag one to move it (onto a notebook on the shelf at the right: moved there, Ctrl copies), the + card or Insert adds a page after the selected one, Delete removes the selected one (arrows select, Enter opens); the wheel, a finger or a drag between pages scrolls; Escape or F2 closes it", [
            (key(Keysym.f2, "F2"), .showPageSorter),
        ]),
        KeyBinding(.notebook, "Ctrl+B / Ctrl+Shift+B", "the page's paper: the next pattern (blank, ruled, grid, dotted) / turned landscape or portrait; undone like any page change", [
            (ctrl("b", shift: false), .notebook(.nextPaperPattern)), (ctrl("b", shift: true), .notebook(.turnPaper)),
        ]),
        KeyBinding(.notebook, "delete the page", [(key(Keysym.delete, "Delete", control: true), .notebook(.deletePage))]),
        KeyBinding(.notebook, "new notebook", [(ctrl("n", shift: false), .notebook(.newNotebook))]),
        KeyBinding(.notebook, "duplicate this notebook", [(ctrl("d", shift: true), .notebook(.duplicateNotebook))]),
        KeyBinding(.notebook, "open the notebook a sync (another program) replaced while it was open here; you went on in its conflict copy",
                   [(ctrl("o", shift: true), .notebook(.openChangedNotebook))]),
        KeyBinding(.notebook, "Ctrl+Shift+PageDown / Ctrl+Shift+PageUp", "next / previous notebook", [
            (key(Keysym.pageDown, "PageDown", control: true, shift: true), .notebook(.nextNotebook)),
            (key(Keysym.pageUp, "PageUp", control: true, shift: true), .notebook(.previousNotebook)),
        ]),
        KeyBinding(.notebook, "Ctrl+Shift+C / Ctrl+Shift+M", "copy / move the page to the end of the next notebook", [
            (ctrl("c", shift: true), .notebook(.copyPageToNextNotebook)),
            (ctrl("m", shift: true), .notebook(.movePageToNextNotebook)),
        ]),
        KeyBinding(.notebook, "move this notebook to the library's `.trash` folder (restore it from the notebook list's Trash)", [
            (key(Keysym.delete, "Delete", control: true, shift: true), .notebook(.trashNotebook)),
        ]),
        KeyBinding(.notebook, "the notebook list (or the toolbar's notebooks button): every notebook's cover; tap one to open it; New, Rename (type the title, Enter), Duplicate, Trash, and the Trash view to restore (Escape closes)", [
            (key(Keysym.f3, "F3"), .showNotebooks),
        ]),

        // The canvas.
        // The tools' keys and words come from their offers (`ToolOffer`).
        ToolRegistry.standard.keyBinding,
        KeyBinding(.canvas, "the current tool's settings: a pen's widths, opacities, smoothing and pressure curve with a preview stroke; the text tool's font and size with a sample line (or press the tool's toolbar button again; Escape or a click outside closes them)", [
            (plain("w"), .showPenSettings),
        ]),
        KeyBinding(.canvas, "R, Escape", "show or hide / hide the ruler: ink begun near its edge follows it; drag its middle to move it, an end to turn it (it snaps to every 15°); two fingers held still on the page lay it between them", [
            (plain("r"), .toggleRuler), (key(Keysym.escape, "Escape"), .hideRuler),
        ]),
        KeyBinding(.canvas, "Delete, Backspace", "remove the selected scrap", [
            (key(Keysym.delete, "Delete"), .deleteSelection), (key(Keysym.backspace, "BackSpace"), .deleteSelection),
        ]),
        KeyBinding(.canvas, "bring the selected scrap to the front (or press it twice)", [(plain("f"), .bringSelectionToFront)]),
        KeyBinding(.canvas, "Ctrl+C / Ctrl+X", "copy / cut the selected scrap, picture or text box (or the ink the scissors' last loop cut out) to the clipboard: Quire pastes it exactly, other programs take it as PNG or SVG", [
            (ctrl("c", shift: false), .copy), (ctrl("x", shift: false), .cut),
        ]),
        KeyBinding(.canvas, "paste: what Quire copied (where the pointer is, or beside the original on its own page), a picture (a copied PNG or JPEG, or copied picture files) as a scrap, or copied text as a text box (while typing, into the box); dropping files on the window does the same", [
            (ctrl("v", shift: false), .paste),
        ]),
        KeyBinding(.canvas, "duplicate the selected scrap, picture or text box beside it", [(ctrl("d", shift: false), .duplicateSelection)]),
        KeyBinding(.canvas, "1–9", "the current tool's colour",
                   (1...9).map { (plain(Character(String($0))), .selectColor(slot: $0 - 1)) }),
        KeyBinding(.canvas, "open or close the colour picker (or press the toolbar's colour; type # rrggbb Enter in it)", [
            (plain("c"), .toggleColorPicker),
        ]),
        KeyBinding(.canvas, "find words in the notebook's text boxes and PDF pages: type them, Enter turns to the next place (Shift+Enter the one before), marked on the page; Escape closes", [
            (ctrl("f", shift: false), .find),
        ]),
        KeyBinding(.canvas, "Ctrl+Z, Ctrl+Shift+Z (or Ctrl+Y)", "undo, redo (any change on the page, its newest 1,000 kept with it across page turns and restarts; the notice line says what each did)", [
            (ctrl("z", shift: false), .undo), (ctrl("z", shift: true), .redo), (ctrl("y"), .redo),
        ]),
        KeyBinding(.canvas, "Ctrl+= / Ctrl+−, keypad + / −", "zoom in / out about the window's centre (0.25× to 8×)", [
            (ctrl("="), .zoomIn), (ctrl("+"), .zoomIn), (ctrl("-"), .zoomOut),
            (key(Keysym.keypadPlus, "KP_Add", control: nil, shift: nil, alt: nil), .zoomIn),
            (key(Keysym.keypadMinus, "KP_Subtract", control: nil, shift: nil, alt: nil), .zoomOut),
        ]),
        KeyBinding(.canvas, "arrows", "pan", [
            (key(Keysym.left, "Left", control: nil, shift: nil, alt: nil), .pan(dx: 1, dy: 0)),
            (key(Keysym.right, "Right", control: nil, shift: nil, alt: nil), .pan(dx: -1, dy: 0)),
            (key(Keysym.up, "Up", control: nil, shift: nil, alt: nil), .pan(dx: 0, dy: 1)),
            (key(Keysym.down, "Down", control: nil, shift: nil, alt: nil), .pan(dx: 0, dy: -1)),
        ]),
        KeyBinding(.canvas, "back to 1×, page at the top left", [(ctrl("0"), .resetView)]),
        KeyBinding(.canvas, "write the page as PNG (to `--export-png PATH`, or `quire-page-DATE-TIME.png` here)", [
            (ctrl("e", shift: false), .exportPNG),
        ]),
        KeyBinding(.canvas, "write the whole notebook as a vector PDF (`TITLE-DATE-TIME.pdf` here), in the background", [
            (ctrl("e", shift: true), .exportPDF),
        ]),
        KeyBinding(.canvas, "hide or show the toolbar and status (draw on the whole window)", [(key(Keysym.tab, "Tab"), .toggleInterface)]),
        KeyBinding(.canvas, "fullscreen on or off", [(key(Keysym.f11, "F11"), .toggleFullscreen)]),
        KeyBinding(.canvas, "?, F1", "show every key and gesture on the window (any key or click hides them)", [
            // "?" is Shift+/ on most layouts: the character is matched whatever Shift is.
            (KeyChord(.character("?"), control: false, shift: nil, alt: false), .showHelp), (key(Keysym.f1, "F1"), .showHelp),
        ]),
        KeyBinding(.canvas, "Ctrl+Q, the close button", "quit", [(ctrl("q"), .quit)]),
    ]

    /// What the pen, mouse and fingers do beyond the keys: the help overlay shows it and the README
    /// lists it (`gesturesMarkdown`), from this one table.
    public static let gestures: [(gesture: String, does: String)] = [
        ("pen, mouse, eraser end", "draw with the current tool (the mouse's speed sets its width); the eraser end erases"),
        ("Ctrl+wheel", "zoom about the pointer (ink is re-rendered sharp)"),
        ("wheel (sideways wheel for left/right), middle-button drag", "pan"),
        ("one finger / two fingers", "pan / pinch-zoom and pan (ignored for 500 ms after the pen: palm rejection)"),
        ("two fingers on a scrap", "move, turn and scale the scrap together, whatever the tool"),
        ("four fingers on a scrap (two of each hand)", "stretch it; pulled past twice its size it snaps into two copies (let go before: it springs back)"),
        ("select tool (V): drag a scrap or text box / its corner / its round handle", "move it / scale it about its centre (a text box's font with it) / turn it; press twice to bring it to the front"),
        ("select tool (V): drag a scrap onto the window's right edge / a scrap from the tray onto the page", "it goes into the scrap tray (kept across notebooks and restarts; Tab hides it) / it comes out there, on any page of any notebook, as it was; each move is an undo step on its page"),
        ("text tool (T): while typing, drag the handle on the box's right edge", "set the width its lines wrap at (words move to the next line)"),
        ("select tool (V): Shift+drag a scrap", "stretch it, the far edge held: past twice its size a copy comes away with the pointer"),
        ("ink across a scrap", "sticks to it: the part over the scrap moves with it, the rest stays on the page"),
        ("pen or mouse held still half a second at a stroke's end", "a stroke that is nearly a line, rectangle, circle, ellipse, triangle or arrow is shown clean: lift to keep it (undo gives back the hand-drawn one), move on to keep drawing"),
        ("scissors (S): draw across scraps with the pen, mouse or one finger", "each scrap the path cuts through splits into its pieces, each with its part of the picture and ink"),
        ("scissors: draw a loop round ink (ends close together, or crossing itself)", "the ink and text inside are cut out into a new transparent scrap to move, turn and cut again (letters the loop crosses are cut where it runs)"),
        ("pen's lower / upper side button", "pan / erase while held (configurable: pan, erase, select, scissors or none)"),
    ]

    /// The gestures as the README's Markdown table.
    public static var gesturesMarkdown: String {
        (["| gesture | does |", "| --- | --- |"] + gestures.map { "| \($0.gesture) | \($0.does) |" }).joined(separator: "\n")
    }

    /// The first key that gives `action`, as written (a tooltip's "Pen — P").
    public static func keyLabel(for action: AppAction) -> String? {
        for binding in bindings {
            if let chord = binding.chords.first(where: { $0.1 == action }) { return chord.0.label }
        }
        return nil
    }

    /// What `input` asks for, if anything.
    public static func action(for input: KeyInput) -> AppAction? {
        for binding in bindings {
            for (chord, action) in binding.chords where chord.matches(input) { return action }
        }
        return nil
    }

    /// A section as the README's Markdown table.
    public static func markdown(_ section: KeyBinding.Section) -> String {
        var lines = ["| key | does |", "| --- | --- |"]
        for binding in bindings where binding.section == section {
            lines.append("| \(binding.keys) | \(binding.does) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The canvas keys in one line, without their asides (the ready message).
    public static var summary: String {
        bindings.filter { $0.section == .canvas }.map { binding in
            let short = binding.does.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? binding.does
            return "\(binding.keys) \(short)"
        }.joined(separator: "; ")
    }

    /// Every key as plain text, a line each (`quire keys`, `--help`).
    public static func text(_ section: KeyBinding.Section) -> String {
        let rows = bindings.filter { $0.section == section }
        let width = rows.map(\.keys.count).max() ?? 0
        return rows.map { $0.keys.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.does.replacingOccurrences(of: "`", with: "") }
            .joined(separator: "\n")
    }
}
