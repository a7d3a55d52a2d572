import Foundation
@testable import AviationWeather

/// Corpus access. Files are bundled as resources (`Bundle.module`); when the
/// bundle cannot be found (e.g. a different build setup after the copy into the
/// main repo) we fall back to the folder next to this source file.
enum Corpus {
    static func url(_ name: String) -> URL {
        if let u = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Corpus") { return u }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus").appendingPathComponent(name)
    }

    /// Non-empty, non-comment lines of a corpus file.
    static func lines(_ name: String) -> [String] {
        guard let text = try? String(contentsOf: url(name), encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") }
    }

    static var metars: [String] { lines("metars.txt") }
    static var tafs: [String] { lines("tafs.txt") }
}

/// Independent tokenisation used to check the parser's token accounting:
/// whitespace/control characters split, trailing `=` dropped.
func independentTokens(_ s: String) -> [String] {
    s.unicodeScalars.split(whereSeparator: { $0.value <= 0x20 || $0.value == 0x7F }).map { String(String.UnicodeScalarView($0)) }
        .map { var t = $0; while t.hasSuffix("=") { t.removeLast() }; return t.uppercased() }
        .filter { !$0.isEmpty }
}

/// UTC date helper for timeline tests.
func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int = 0) -> Date {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = TimeZone(identifier: "UTC")!
    return c.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
}
