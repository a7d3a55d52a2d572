import Assistant
import CEditLine
import Foundation

/// Completion candidates for the current Tab press, filled just before libedit asks.
/// libedit calls back through plain C function pointers that cannot capture Swift state.
nonisolated(unsafe) private var completionProvider: ((String) -> [String])?
nonisolated(unsafe) private var pendingMatches: [String] = []

/// Reads lines with libedit on a terminal: history, Ctrl-C clears the line, Ctrl-D ends,
/// Tab completes slash commands, tool names and ICAO codes.
final class LineEditor {
    /// The history on disk, nil when off (`FLYFUN_NOHISTORY`) or refused (a link, a device).
    let history: HistoryFile?
    /// The lines in libedit's memory, mirrored so the file can be rewritten whole.
    private var lines: [String] = []

    init(completions: @escaping (String) -> [String]) {
        flyfun_set_locale()
        flyfun_set_readline_name("flyfun")
        using_history()
        var history = HistoryFile.standard()
        if let file = history {
            do {
                lines = try file.load()
                for line in lines { add_history(line) }
            } catch {
                FileHandle.standardError.write(Data("flyfun: \(error)\n".utf8))
                history = nil
            }
        }
        self.history = history
        completionProvider = completions
        flyfun_set_word_breaks(" \t\n\"'`@$><=;|&{(,")
        flyfun_set_completion { text, _, _ in
            flyfun_disable_default_completion()
            guard let text else { return nil }
            pendingMatches = completionProvider?(String(cString: text)) ?? []
            if pendingMatches.isEmpty { return nil }
            return rl_completion_matches(text) { _, state in
                guard Int(state) < pendingMatches.count else { return nil }
                return strdup(pendingMatches[Int(state)])
            }
        }
        flyfun_install_sigint()
    }

    /// What the user did at the prompt.
    enum Input {
        case line(String)
        /// Ctrl-C: the line was dropped; prompt again.
        case interrupted
        /// Ctrl-D or end of input.
        case end
    }

    /// The next line, an interruption, or the end of input.
    func readLine(prompt: String) -> Input {
        _ = flyfun_take_interrupt()
        guard let raw = readline(prompt) else {
            if flyfun_take_interrupt() != 0 {
                print("^C")
                return .interrupted
            }
            return .end
        }
        defer { free(raw) }
        let line = String(cString: raw)
        if HistoryFile.shouldRecord(line) {
            add_history(line)
            lines.append(line)
            if let history {
                do { try history.save(lines) } catch { FileHandle.standardError.write(Data("flyfun: \(error)\n".utf8)) }
                if lines.count > history.limit { lines.removeFirst(lines.count - history.limit) }
            }
        }
        return .line(line)
    }
}
