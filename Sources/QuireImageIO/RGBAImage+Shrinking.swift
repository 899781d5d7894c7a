extension RGBAImage {
    /// The picture shrunk by area averaging to fit within `width`×`height` with its shape kept (the
    /// limiting side landing on the box, each side at least 1 pixel); itself when it fits already or the
    /// box is empty. Made once on a worker, a picture drawn at exactly its size is copied pixel for pixel
    /// rather than filtered from a larger one every frame.
    public func shrunk(toFitWidth boxWidth: Int, height boxHeight: Int) -> RGBAImage {
        guard boxWidth >= 1, boxHeight >= 1, width > 0, height > 0, width > boxWidth || height > boxHeight else { return self }
        // The scale of the limiting side, compared in integers so that side lands exactly on the box.
        let targetWidth: Int, targetHeight: Int
        if width * boxHeight >= height * boxWidth {
            targetWidth = boxWidth
            targetHeight = min(height, max(1, (height * boxWidth + width / 2) / width))
        } else {
            targetHeight = boxHeight
            targetWidth = min(width, max(1, (width * boxHeight + height / 2) / height))
        }
        return AreaResampler.resize(self, width: min(width, targetWidth), height: min(height, targetHeight))
    }
}
