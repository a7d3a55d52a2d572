import Foundation

/// The one description of flyfun's command line: its commands, options and slash commands.
///
/// The usage text, the shell completion scripts (`flyfun completion bash|zsh|fish`) and the
/// man page (`flyfun.1`) are all generated from these tables, so a command added here is
/// documented and completed everywhere at once, and nothing keeps a second list that can drift.
public enum CommandReference {
    /// flyfun's version (also shown in the chat banner).
    public static let version = "1.0"

    /// A command word (`flyfun ask …`).
    public struct Command: Sendable {
        /// The word typed after `flyfun`.
        public let name: String
        /// What follows the word in the synopsis, e.g. `"RAW" | -`.
        public let arguments: String
        /// One line for `--help`.
        public let summary: String
        /// Words a shell may complete after the command (sub-commands, shells).
        public let words: [String]
        /// Whether the command reads a file name (shells complete paths).
        public let takesFile: Bool
        /// Extra synopsis lines: a sub-command with its own arguments and summary.
        public let variants: [(arguments: String, summary: String)]

        init(_ name: String, _ arguments: String, _ summary: String, words: [String] = [], takesFile: Bool = false,
             variants: [(arguments: String, summary: String)] = []) {
            self.name = name
            self.arguments = arguments
            self.summary = summary
            self.words = words
            self.takesFile = takesFile
            self.variants = variants
        }
    }

    /// An option (`--db PATH`).
    public struct Option: Sendable {
        /// The long name with its dashes.
        public let name: String
        /// Other spellings (`-h`, `--colour`).
        public let aliases: [String]
        /// The value's placeholder, or nil for a flag.
        public let value: String?
        /// The values it accepts, when it is a choice.
        public let choices: [String]
        /// Whether the value is a file name.
        public let takesFile: Bool
        /// One line for `--help`.
        public let summary: String

        init(_ name: String, aliases: [String] = [], value: String? = nil, choices: [String] = [], takesFile: Bool = false, _ summary: String) {
            self.name = name
            self.aliases = aliases
            self.value = value
            self.choices = choices
            self.takesFile = takesFile
            self.summary = summary
        }
    }

    /// The commands, in the order `--help` lists them. Chat (no command) is not among them.
    public static let commands: [Command] = [
        Command("ask", "\"QUESTION\"", "one turn, then exit"),
        Command("metar", "\"RAW\" | -", "decode a METAR/SPECI; - reads every report on stdin, one a line"),
        Command("taf", "\"RAW\" | -", "decode a TAF; - reads every TAF on stdin (a blank line or TAF header starts the next)"),
        Command("notam", "[FILE|-]", "parse every NOTAM in a text", words: ["diff"], takesFile: true,
                variants: [("diff PREV CURR", "compare two briefings (an empty PREV makes everything new)")]),
        Command("data", "build|info", "(re)build the local database; sources and row counts", words: ["build", "info"]),
        Command("eval", "[FILE]", "run the intent/argument evaluation set", takesFile: true),
        Command("bench", "", "run the benchmarks"),
        Command("demo", "[FILE] [--fast]", "a guided tour (offline): Enter for the next question, q to stop", takesFile: true),
        Command("completion", "bash|zsh|fish", "print a shell completion script", words: Shell.allCases.map(\.rawValue)),
        Command("version", "", "version, data snapshot dates and build"),
        Command("manpage", "", "print the man page (roff); make install installs it as flyfun.1"),
        Command("help", "", "this text"),
    ]

    /// The options, in the order `--help` lists them.
    public static let options: [Option] = [
        Option("--json", "machine output, one JSON object per turn (JSON Lines for metar/taf -)"),
        Option("--color", aliases: ["--colour"], value: "WHEN", choices: ["auto", "always", "never"], "colour: auto = a terminal without NO_COLOR"),
        Option("--db", value: "PATH", takesFile: true, "use this database instead of the cached one"),
        Option("--now", value: "TIME", "the clock for time-dependent answers, e.g. 2026-11-22T10:00:00Z"),
        Option("--briefing", value: "FILE", takesFile: true, "load these NOTAMs into the session"),
        Option("--echo", "piped mode: print \"> input\" before each answer"),
        Option("--trace", "print the classification before each answer"),
        Option("--ascii", "maps and charts in plain ASCII (automatic when the locale is not UTF-8)"),
        Option("--geojson", value: "FILE", takesFile: true, "ask: also write the answer's map as GeoJSON to FILE"),
        Option("--fast", "demo: print the whole tour at once"),
        Option("--version", "same as the version command"),
        Option("--help", aliases: ["-h"], "this text"),
    ]

    /// The chat's slash commands, with what each does (`/help` in the chat lists the questions).
    public static let slashCommands: [(name: String, summary: String)] = [
        ("/help", "what can be asked, with examples"),
        ("/tools", "every tool and what it needs"),
        ("/examples", "example questions"),
        ("/clear", "forget the conversation"),
        ("/history", "the last questions"),
        ("/why", "how the last question was understood"),
        ("/json", "on|off: answer as JSON objects"),
        ("/export", "FILE: write the last answer's map as GeoJSON"),
        ("/exit", "leave (also Ctrl-D, exit, quit)"),
    ]

    /// Every command word the parser accepts.
    public static var commandNames: Set<String> { Set(commands.map(\.name)) }

    // MARK: - Usage

    /// The `--help` text.
    public static var usage: String {
        var lines = ["flyfun — offline assistant for pilots", "", "usage:"]
        func entry(_ synopsis: String, _ summary: String) {
            let padded = synopsis.count < 34 ? synopsis.padding(toLength: 34, withPad: " ", startingAt: 0) : synopsis + "  "
            lines.append("  " + padded + summary)
        }
        entry("flyfun", "chat (line editor on a terminal; piped stdin = one turn per line)")
        for c in commands {
            entry(["flyfun", c.name, c.arguments].filter { !$0.isEmpty }.joined(separator: " "), c.summary)
            for v in c.variants { entry("flyfun \(c.name) \(v.arguments)", v.summary) }
        }
        lines += ["", "options:"]
        for o in options {
            let names = ([o.name] + o.aliases).joined(separator: ", ")
            let value = o.choices.isEmpty ? (o.value ?? "") : o.choices.joined(separator: "|")
            let left = value.isEmpty ? names : names + " " + value
            lines.append("  " + (left.count < 30 ? left.padding(toLength: 30, withPad: " ", startingAt: 0) : left + "  ") + o.summary)
        }
        lines.append("  " + "--".padding(toLength: 30, withPad: " ", startingAt: 0) + "end of options: every later word is an argument")
        lines += ["", "chat commands: " + slashCommands.map(\.name).joined(separator: " ")]
        lines += ["", "environment:",
                  "  " + "FLYFUN_NOHISTORY=1".padding(toLength: 30, withPad: " ", startingAt: 0)
                    + "do not keep the chat history (also true or yes); lines starting with a space are never kept"]
        return lines.joined(separator: "\n")
    }

    // MARK: - Completion scripts

    /// The shells `flyfun completion` writes for.
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The completion script for `shell`.
    public static func completionScript(for shell: Shell) -> String {
        switch shell {
        case .bash: return bashCompletion()
        case .zsh: return zshCompletion()
        case .fish: return fishCompletion()
        }
    }

    static var optionWords: [String] { options.flatMap { [$0.name] + $0.aliases } }

    static func bashCompletion() -> String {
        var valueCases: [String] = []
        for o in options where o.value != nil {
            let names = ([o.name] + o.aliases).joined(separator: "|")
            if !o.choices.isEmpty {
                valueCases.append("        \(names)) COMPREPLY=($(compgen -W \"\(o.choices.joined(separator: " "))\" -- \"$cur\")); return ;;")
            } else if o.takesFile {
                valueCases.append("        \(names)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            } else {
                valueCases.append("        \(names)) return ;;")
            }
        }
        var commandCases: [String] = []
        for c in commands where !c.words.isEmpty || c.takesFile {
            let words = c.words.isEmpty ? "" : "COMPREPLY=($(compgen -W \"\(c.words.joined(separator: " "))\" -- \"$cur\")); "
            let files = c.takesFile ? "COMPREPLY+=($(compgen -f -- \"$cur\")); " : ""
            commandCases.append("        \(c.name)) \(words)\(files)return ;;")
        }
        return """
        # bash completion for flyfun (generated by `flyfun completion bash`)
        _flyfun() {
            local cur prev word command=""
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev="${COMP_WORDS[COMP_CWORD-1]}"
            case "$prev" in
        \(valueCases.joined(separator: "\n"))
            esac
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "\(optionWords.joined(separator: " "))" -- "$cur")); return
            fi
            for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                case "$word" in
                    \(commands.map(\.name).joined(separator: "|"))) command="$word"; break ;;
                esac
            done
            case "$command" in
                "") COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur")); return ;;
        \(commandCases.joined(separator: "\n"))
            esac
        }
        complete -o filenames -F _flyfun flyfun

        """
    }

    /// Escapes a description for a zsh `_describe` item or an `_arguments` explanation inside
    /// single quotes: the quote itself and the brackets (a colon after the first is plain text).
    static func zshEscape(_ s: String) -> String {
        s.replacingOccurrences(of: "'", with: "'\\''")
            .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }

    static func zshCompletion() -> String {
        var specs: [String] = []
        for o in options {
            let names = [o.name] + o.aliases
            let head = names.count > 1 ? "'(\(names.joined(separator: " ")))'{\(names.joined(separator: ","))}'" : "'\(o.name)"
            var spec = head + "[\(zshEscape(o.summary))]"
            if let value = o.value {
                let action = !o.choices.isEmpty ? "(\(o.choices.joined(separator: " ")))" : (o.takesFile ? "_files" : " ")
                spec += ":\(value.lowercased()):\(action)"
            }
            specs.append("        " + spec + "'")
        }
        let describe = commands.map { "        '\($0.name):\(zshEscape($0.summary))'" }
        var argumentCases: [String] = []
        for c in commands where !c.words.isEmpty || c.takesFile {
            var actions: [String] = []
            if !c.words.isEmpty { actions.append("compadd -- \(c.words.joined(separator: " "))") }
            if c.takesFile { actions.append("_files") }
            argumentCases.append("            \(c.name)) \(actions.joined(separator: "; ")) ;;")
        }
        return """
        #compdef flyfun
        # zsh completion for flyfun (generated by `flyfun completion zsh`)
        _flyfun() {
            local -a commands
            commands=(
        \(describe.joined(separator: "\n"))
            )
            _arguments -s \\
        \(specs.joined(separator: " \\\n")) \\
                '1:command:->command' \\
                '*::argument:->argument'
            case $state in
            command) _describe -t commands 'flyfun command' commands ;;
            argument)
                case $words[1] in
        \(argumentCases.joined(separator: "\n"))
                esac ;;
            esac
        }
        if [ "$funcstack[1]" = "_flyfun" ]; then _flyfun "$@"; else compdef _flyfun flyfun; fi

        """
    }

    /// Escapes a description for a fish single-quoted string.
    static func fishEscape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }

    static func fishCompletion() -> String {
        let names = commands.map(\.name).joined(separator: " ")
        var lines = [
            "# fish completion for flyfun (generated by `flyfun completion fish`)",
            "complete -c flyfun -f",
        ]
        for c in commands {
            lines.append("complete -c flyfun -n 'not __fish_seen_subcommand_from \(names)' -a \(c.name) -d '\(fishEscape(c.summary))'")
            if !c.words.isEmpty {
                lines.append("complete -c flyfun -n '__fish_seen_subcommand_from \(c.name)' -a '\(c.words.joined(separator: " "))'")
            }
            if c.takesFile {
                lines.append("complete -c flyfun -n '__fish_seen_subcommand_from \(c.name)' -F")
            }
        }
        for o in options {
            var line = "complete -c flyfun"
            for n in [o.name] + o.aliases {
                line += n.hasPrefix("--") ? " -l \(n.dropFirst(2))" : " -s \(n.dropFirst(1))"
            }
            if o.value != nil { line += o.takesFile ? " -r -F" : " -r" }
            if !o.choices.isEmpty { line += " -a '\(o.choices.joined(separator: " "))'" }
            lines.append(line + " -d '\(fishEscape(o.summary))'")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Man page

    /// Escapes text for roff: backslashes, leading dots/quotes, and hyphens meant as minus signs.
    /// Characters beyond ASCII become `\[uXXXX]` so any troff reads them.
    static func roff(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 127: out += "\\[u" + String(format: "%04X", scalar.value) + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// A command with its arguments for a text line: the word in bold, the arguments in italics
    /// (written inline, not as `.B` arguments, so their quotes stay visible).
    static func roffSynopsis(_ name: String, _ arguments: String) -> String {
        "\\fB\(roff(name))\\fR" + (arguments.isEmpty ? "" : " \\fI\(roff(arguments))\\fR")
    }

    /// The man page `flyfun.1` in roff (`man -l flyfun.1` shows it).
    public static func manPage() -> String {
        var m = [
            ".\\\" flyfun.1 - generated by `flyfun manpage` from Sources/Assistant/CommandReference.swift; do not edit",
            ".TH FLYFUN 1 \"\" \"flyfun \(version)\" \"User Commands\"",
            ".SH NAME",
            "flyfun \\- offline terminal assistant for pilots",
            ".SH SYNOPSIS",
            ".B flyfun",
            "[\\fIOPTIONS\\fR]",
        ]
        for c in commands {
            m += [".br", "\\fBflyfun\\fR " + roffSynopsis(c.name, c.arguments)]
            for v in c.variants { m += [".br", "\\fBflyfun\\fR " + roffSynopsis(c.name, v.arguments)] }
        }
        m += [
            ".SH DESCRIPTION",
            "flyfun answers questions about airports, routes, customs, METARs, TAFs, NOTAMs and the",
            "planning sums pilots do by hand, from data on the machine and without any network.",
            "Without a command it starts a chat: a line editor on a terminal, one question per line when",
            "standard input is a pipe.",
            ".SH COMMANDS",
        ]
        for c in commands {
            m += [".TP", roffSynopsis(c.name, c.arguments), roff(c.summary) + "."]
            for v in c.variants { m += [".TP", roffSynopsis(c.name, v.arguments), roff(v.summary) + "."] }
        }
        m.append(".SH OPTIONS")
        for o in options {
            let names = ([o.name] + o.aliases).map { "\\fB\(roff($0))\\fR" }.joined(separator: ", ")
            let value = o.choices.isEmpty ? (o.value.map { " \\fI\($0)\\fR" } ?? "") : " " + o.choices.joined(separator: "|")
            m += [".TP", names + value, roff(o.summary) + "."]
        }
        m.append(".SH CHAT COMMANDS")
        for s in slashCommands { m += [".TP", ".B \(roff(s.name))", roff(s.summary) + "."] }
        m += [
            ".SH EXIT STATUS",
            "0 when every turn was answered (\"I can't answer that\" is an answer); 1 when a turn failed",
            "(a bad report, an unknown airport, I/O), or when none of the reports on standard input decoded;",
            "64 for bad usage.",
            ".SH FILES",
            ".TP",
            ".I <prefix>/share/flyfun",
            "The tool catalog, prompts and reference data, found next to the binary; then",
            ".BR FLYFUN_HOME ,",
            "then the checkout the binary was built in.",
            ".TP",
            ".I $XDG_CACHE_HOME/flyfun",
            "(default ~/.cache/flyfun) the airport database and the fitted intent classifier, built on first use.",
            ".TP",
            ".I $XDG_DATA_HOME/flyfun",
            "(default ~/.local/share/flyfun) imported briefings, NOTAM statuses, aircraft profiles.",
            ".TP",
            ".I $XDG_STATE_HOME/flyfun/history",
            "(default ~/.local/state/flyfun/history) the chat's line history.",
            ".SH ENVIRONMENT",
            ".TP",
            ".B FLYFUN_HOME",
            "a folder holding ToolCatalog/, prompts/ and Data/.",
            ".TP",
            ".B NO_COLOR",
            "no colour, whatever the terminal.",
            ".TP",
            ".B FLYFUN_NOHISTORY",
            "set to 1 to keep no line history.",
            ".SH EXAMPLES",
            ".nf",
            "flyfun ask \"airports near route EGTF LFMD with customs\"",
            "flyfun metar \"LFMD 221030Z 24008KT 9999 FEW030 18/09 Q1015\"",
            "printf '%s\\en' \"$m1\" \"$m2\" | flyfun metar \\-\\-json \\-",
            "flyfun notam diff yesterday.txt today.txt",
            "flyfun completion bash > ~/.local/share/bash\\-completion/completions/flyfun",
            ".fi",
            ".SH NOTES",
            "None of flyfun's data is for navigation: check the AIP, the NOTAMs and the weather from official sources.",
        ]
        return m.joined(separator: "\n") + "\n"
    }
}
