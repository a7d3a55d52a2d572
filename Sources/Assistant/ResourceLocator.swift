import Foundation
import Understanding

/// Finds the project's resources (`ToolCatalog/`, `prompts/`, `Data/`) at run time.
///
/// Looked for, in order: `<bin>/../share/flyfun` next to the executable (what `make install`
/// lays out), then `$FLYFUN_HOME`, then upwards from the executable (a `swift build` puts it in
/// `.build/<config>/` of the checkout), then upwards from the working directory.
public struct ResourceLocator: Sendable {
    /// The folder holding `ToolCatalog/`, `prompts/` and `Data/`.
    public let root: URL

    public init(root: URL) { self.root = root }

    /// Locates the resources or throws naming where it looked.
    public static func locate(executablePath: String = currentExecutablePath()) throws -> ResourceLocator {
        let exe = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        // An installed binary finds its share folder first, so a stray FLYFUN_HOME or a checkout
        // in the working directory never mixes one version's binary with another's catalog.
        var candidates: [URL] = [installedRoot(executableDirectory: exe.deletingLastPathComponent())]
        if let home = ProcessInfo.processInfo.environment["FLYFUN_HOME"], !home.isEmpty {
            candidates.append(URL(fileURLWithPath: home))
        }
        candidates.append(contentsOf: ancestors(of: exe.deletingLastPathComponent()))
        candidates.append(contentsOf: ancestors(of: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
        for c in candidates where isRoot(c) { return ResourceLocator(root: c) }
        throw AssistantError.resourcesNotFound(candidates.prefix(3).map(\.path))
    }

    /// The running program's own file. `argv[0]` is only a name when the shell found the binary
    /// on `PATH`, so the kernel's link (Linux) or Foundation's answer come first.
    public static func currentExecutablePath() -> String {
        if let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), linked.hasPrefix("/") {
            return linked
        }
        if let path = Bundle.main.executablePath { return path }
        return CommandLine.arguments.first ?? ""
    }

    /// The resources next to a source file (tests): walks up from `file`.
    public static func forSourceFile(_ file: String) throws -> ResourceLocator {
        for c in ancestors(of: URL(fileURLWithPath: file).deletingLastPathComponent()) where isRoot(c) {
            return ResourceLocator(root: c)
        }
        throw AssistantError.resourcesNotFound([file])
    }

    /// `<prefix>/share/flyfun` for an executable in `<prefix>/bin`: the install layout.
    static func installedRoot(executableDirectory: URL) -> URL {
        executableDirectory.deletingLastPathComponent().appendingPathComponent("share/flyfun").standardizedFileURL
    }

    static func ancestors(of url: URL) -> [URL] {
        var out: [URL] = []
        var u = url.standardizedFileURL
        for _ in 0..<12 {
            out.append(u)
            let parent = u.deletingLastPathComponent()
            if parent.path == u.path { break }
            u = parent
        }
        return out
    }

    static func isRoot(_ url: URL) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: url.appendingPathComponent("ToolCatalog").path)
            && fm.fileExists(atPath: url.appendingPathComponent("prompts").path)
            && fm.fileExists(atPath: url.appendingPathComponent("Data").path)
    }

    public var toolCatalog: URL { root.appendingPathComponent("ToolCatalog") }
    public var prompts: URL { root.appendingPathComponent("prompts") }
    public var data: URL { root.appendingPathComponent("Data") }
}
