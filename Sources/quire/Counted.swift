/// "1 page", "3 pages": a count with its noun, for messages.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
