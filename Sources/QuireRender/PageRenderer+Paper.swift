/// The paper: its colour and pattern, then the picture printed on it (`paperImage`), under every item.
extension PageRenderer {
    var paper: PagePaper { PagePaper(color: paperColor, pattern: paperPattern, image: paperImage) }

    /// Draws the paper into the bound target over what is there, or, `behind`, under it.
    func drawPaper(projection: PageProjection, behind: Bool = false) {
        paper.draw(with: painter, over: pageRect, projection: projection, behind: behind)
    }
}
