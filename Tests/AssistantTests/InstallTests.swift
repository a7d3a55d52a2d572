import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// `make install` / `make uninstall` (scripts/install.sh), `--version`, completions and the man page.
@Suite("Install, version, completions", .serialized)
struct InstallTests {
    /// Runs `executable` with `arguments` in `directory`, with exactly `environment`; stdout and exit code.
    func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String]) throws -> (out: String, err: String, code: Int32) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), p.terminationStatus)
    }

    /// Every path under `root`, relative, sorted.
    func tree(_ root: String) -> [String] {
        let e = FileManager.default.enumerator(atPath: root)
        var out: [String] = []
        while let p = e?.nextObject() as? String { out.append(p) }
        return out.sorted()
    }

    @Test("install into a PREFIX runs from any folder; uninstall removes only what install put there")
    func installAndUninstall() throws {
        let binary = try #require(Fixtures.binary?.path)
        let temp = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let prefix = temp + "/prefix", elsewhere = temp + "/elsewhere"
        let fm = FileManager.default
        // Someone else's files under the same prefix must survive the uninstall.
        try fm.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        fm.createFile(atPath: prefix + "/bin/other-tool", contents: Data("x".utf8))
        fm.createFile(atPath: prefix + "/share/man/man1/other-tool.1", contents: Data("x".utf8))
        let before = tree(prefix)

        // No FLYFUN_HOME and a working directory outside the checkout: only ../share/flyfun can be found.
        let env = ["PATH": "/usr/bin:/bin", "HOME": temp, "XDG_CACHE_HOME": temp + "/cache", "NO_COLOR": "1", "FLYFUN_NOHISTORY": "1"]
        let script = Fixtures.resources.root.appendingPathComponent("scripts/install.sh").path
        let installed = try run("/bin/sh", [script, "install"], in: elsewhere, environment: env.merging(["PREFIX": prefix, "BIN": binary]) { $1 })
        #expect(installed.code == 0, "\(installed.err)")
        for path in ["bin/flyfun", "share/flyfun/ToolCatalog/decode_metar.json", "share/flyfun/prompts/help.txt", "share/flyfun/Data/notam/qcodes.json",
                     "share/man/man1/flyfun.1", "share/bash-completion/completions/flyfun", "share/zsh/site-functions/_flyfun",
                     "share/fish/vendor_completions.d/flyfun.fish", "share/flyfun/INSTALLED_FILES"] {
            #expect(fm.fileExists(atPath: prefix + "/" + path), "missing \(path)")
        }

        let version = try run(prefix + "/bin/flyfun", ["--version", "--json"], in: elsewhere, environment: env)
        #expect(version.code == 0, "\(version.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(version.out.utf8)) as? [String: Any])
        #expect(object["resources"] as? String == URL(fileURLWithPath: prefix + "/share/flyfun").standardizedFileURL.path)
        #expect(object["version"] as? String == CommandReference.version)
        let metar = try run(prefix + "/bin/flyfun", ["metar", "--json", "LFMD 221030Z 24008KT 9999 FEW030 18/09 Q1015"], in: elsewhere, environment: env)
        #expect(metar.code == 0, "\(metar.err)")
        #expect(metar.out.contains("\"station\":\"LFMD\""))

        let removed = try run("/bin/sh", [script, "uninstall"], in: elsewhere, environment: env.merging(["PREFIX": prefix]) { $1 })
        #expect(removed.code == 0, "\(removed.err)")
        #expect(tree(prefix) == before)
        // A PREFIX the install created goes with the uninstall; the folder above it stays.
        let fresh = temp + "/fresh/prefix"
        #expect(try run("/bin/sh", [script, "install"], in: elsewhere, environment: env.merging(["PREFIX": fresh, "BIN": binary]) { $1 }).code == 0)
        #expect(try run("/bin/sh", [script, "uninstall"], in: elsewhere, environment: env.merging(["PREFIX": fresh]) { $1 }).code == 0)
        #expect(!fm.fileExists(atPath: fresh) && fm.fileExists(atPath: temp + "/fresh"))
        let again = try run("/bin/sh", [script, "uninstall"], in: elsewhere, environment: env.merging(["PREFIX": prefix]) { $1 })
        #expect(again.code == 1, "a second uninstall finds no list and says so")
        #expect(again.err.contains("INSTALLED_FILES"))
    }

    @Test("a binary without its share folder, FLYFUN_HOME or a checkout says where it looked")
    func resourcesNotFound() throws {
        let binary = try #require(Fixtures.binary?.path)
        let temp = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try FileManager.default.createDirectory(atPath: temp + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: binary, toPath: temp + "/bin/flyfun")
        let r = try run(temp + "/bin/flyfun", ["metar", "LFMD 221030Z 24008KT 9999 FEW030 18/09 Q1015"], in: temp, environment: ["PATH": "/usr/bin:/bin", "HOME": temp])
        #expect(r.code == 1)
        #expect(r.err.contains("share/flyfun"), "\(r.err)")
        #expect(r.err.contains("FLYFUN_HOME"))
    }

    @Test("--version names the version, the data snapshots and the build")
    func version() throws {
        let r = try Fixtures.run(["--version"])
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("flyfun \(CommandReference.version)\n"))
        #expect(r.out.contains("OurAirports 2026-08-22"))
        #expect(r.out.contains("build: debug") || r.out.contains("build: release"))
    }

    @Test("completion scripts name every command, option and slash command of the tables", arguments: CommandReference.Shell.allCases)
    func completion(shell: CommandReference.Shell) throws {
        let r = try Fixtures.run(["completion", shell.rawValue])
        #expect(r.code == 0)
        #expect(r.out == CommandReference.completionScript(for: shell))
        for c in CommandReference.commands { #expect(r.out.contains(c.name), "\(shell) lacks \(c.name)") }
        for o in CommandReference.options {
            let bare = o.name.hasPrefix("--") ? String(o.name.dropFirst(2)) : o.name
            #expect(r.out.contains(bare), "\(shell) lacks \(o.name)")
        }
        #expect(r.out.contains("auto always never"))
    }

    @Test("completion without a known shell is a usage error naming the shells")
    func completionUsage() throws {
        let r = try Fixtures.run(["completion", "tcsh"])
        #expect(r.code == 64)
        #expect(r.err.contains("'tcsh'") && r.err.contains("bash, zsh, fish"))
        #expect(try Fixtures.run(["completion"]).code == 64)
    }

    @Test("bash parses its completion script", .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashSyntax() throws {
        let temp = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let file = temp + "/flyfun.bash"
        try CommandReference.completionScript(for: .bash).write(toFile: file, atomically: true, encoding: .utf8)
        // Source it and complete "flyfun com" and "flyfun --color a".
        let probe = """
        source \(file)
        COMP_WORDS=(flyfun com); COMP_CWORD=1; _flyfun; echo "${COMPREPLY[*]}"
        COMP_WORDS=(flyfun --color a); COMP_CWORD=2; _flyfun; echo "${COMPREPLY[*]}"
        COMP_WORDS=(flyfun data ""); COMP_CWORD=2; _flyfun; echo "${COMPREPLY[*]}"
        """
        let r = try run("/bin/bash", ["-c", probe], in: temp, environment: ["PATH": "/usr/bin:/bin"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "completion\nauto always\nbuild info\n")
    }

    @Test("the man page lists every command, option and slash command, in valid roff")
    func manPage() throws {
        let r = try Fixtures.run(["manpage"])
        #expect(r.code == 0)
        #expect(r.out == CommandReference.manPage())
        #expect(r.out.contains(".TH FLYFUN 1"))
        for c in CommandReference.commands { #expect(r.out.contains("\\fB\(c.name)\\fR"), "man page lacks \(c.name)") }
        #expect(r.out.unicodeScalars.allSatisfy { $0.isASCII }, "troff input stays ASCII")
        for s in CommandReference.slashCommands { #expect(r.out.contains(CommandReference.roff(s.name))) }
        for line in r.out.split(separator: "\n") where !line.hasPrefix(".") {
            #expect(!line.hasPrefix("'"), "a line starting with ' is a roff request: \(line)")
        }
    }

    @Test("the slash commands the chat knows are the table's")
    func slashCommands() throws {
        let session = Session(environment: Fixtures.shared, options: SessionOptions())
        #expect(session.completions(for: "/") == CommandReference.slashCommands.map(\.name))
        for s in CommandReference.slashCommands where s.name != "/exit" {
            let answer = session.handle(s.name)
            #expect(!answer.output.hasPrefix("Unknown command"), "\(s.name) is listed but not handled")
        }
    }
}
