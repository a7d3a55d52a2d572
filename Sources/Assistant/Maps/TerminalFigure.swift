import Foundation

/// A picture an answer draws in the terminal after its table (a TAF's time strip, a briefing's
/// NOTAM Gantt strip). It must fit `width` columns and honour `style` (ASCII, colour).
public protocol TerminalFigure: Sendable {
    /// The picture's lines, joined with newlines, never wider than `width` columns.
    func render(width: Int, style: TerminalStyle) -> String
}
