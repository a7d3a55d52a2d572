import CEditLine
import Foundation

/// Completion candidates for the current Tab press, filled just before libedit asks.
/// libedit calls back through plain C function pointers that cannot capture Swift state.
nonisolated(unsafe) private var completionProvider: ((String) -> [String])?
nonisolated(unsafe) private var pendingMatches: [String] = []

/// Reads lines with libedit on a terminal: history, Ctrl-C clears the line, Ctrl-D ends,
/// Tab completes slash commands, tool names and ICAO codes.
final class LineEditor {
    let historyPath: String?

    init(completions: @escaping (String) -> [String]) {
        flyfun_set_locale()
        flyfun_set_readline_name("flyfun")
        let env = ProcessInfo.processInfo.environment
        if env["FLYFUN_NOHISTORY"] == "1" {
            historyPath = nil
        } else {
            let state = env["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/state")
            let dir = state + "/flyfun"
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            historyPath = dir + "/history"
        }
        using_history()
        if let historyPath {
            if !FileManager.default.fileExists(atPath: historyPath) {
                FileManager.default.createFile(atPath: historyPath, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            read_history(historyPath)
        }
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
        if !line.trimmingCharacters(in: .whitespaces).isEmpty, FileManager.default.isWritableFile(atPath: historyPath ?? "/") || historyPath == nil {
            add_history(line)
            if let historyPath {
                write_history(historyPath)
                chmod(historyPath, 0o600)
            }
        }
        return .line(line)
    }
}
