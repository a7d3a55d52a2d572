import Foundation
import Understanding

/// `flyfun --version`: the version, the data snapshots it carries, and how it was built.
public enum VersionInfo {
    /// The build configuration this binary was compiled in.
    public static var configuration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// The Swift compiler that built this binary (major.minor, as far as `#if compiler` tells).
    public static var compiler: String {
        #if compiler(>=6.4)
        return "Swift 6.4 or later"
        #elseif compiler(>=6.3)
        return "Swift 6.3"
        #elseif compiler(>=6.2)
        return "Swift 6.2"
        #elseif compiler(>=6.1)
        return "Swift 6.1"
        #else
        return "Swift 6.0"
        #endif
    }

    /// The machine this binary was built for.
    public static var platform: String {
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "arm64"
        #else
        let arch = "unknown-arch"
        #endif
        #if os(Linux)
        return arch + "-linux"
        #elseif os(macOS)
        return arch + "-macos"
        #else
        return arch
        #endif
    }

    /// `key=value` lines `make install` writes to `share/flyfun/BUILD_INFO` (commit, date); empty in a checkout.
    public static func installedBuildInfo(resources: ResourceLocator?) -> [(key: String, value: String)] {
        guard let url = resources?.root.appendingPathComponent("BUILD_INFO"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            guard let eq = line.firstIndex(of: "=") else { return nil }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            return key.isEmpty || value.isEmpty ? nil : (key, value)
        }
    }

    /// The version report as text and JSON. `resources` is nil when they cannot be found: the
    /// version is still printed, with the resources line saying so.
    public static func report(resources: ResourceLocator?) -> (text: String, json: JSONValue) {
        let installed = installedBuildInfo(resources: resources)
        let build = ([configuration, compiler, platform] + installed.map { "\($0.key) \($0.value)" }).joined(separator: ", ")
        var lines = ["flyfun \(CommandReference.version)", "build: \(build)"]
        lines.append("data: " + DataInfo.sources.map(\.snapshot).joined(separator: "; "))
        lines.append("resources: " + (resources?.root.path ?? "not found (see flyfun --help, FILES in man flyfun)"))
        var buildJSON: [String: JSONValue] = ["configuration": .string(configuration), "compiler": .string(compiler), "platform": .string(platform)]
        for item in installed { buildJSON[item.key] = .string(item.value) }
        let json: JSONValue = .object([
            "version": .string(CommandReference.version),
            "build": .object(buildJSON),
            "data": .array(DataInfo.sources.map { .object(["path": .string("Data/" + $0.path), "snapshot": .string($0.snapshot)]) }),
            "resources": resources.map { .string($0.root.path) } ?? .null,
        ])
        return (lines.joined(separator: "\n"), json)
    }
}
