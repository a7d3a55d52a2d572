import Foundation

/// Folds names for matching: lower case, accents removed, punctuation to single spaces.
///
/// "Zürich", "ZURICH" and "zurich" all become "zurich"; "Saint-Tropez" becomes
/// "saint tropez". The same folding is used when the database is built and when a user's
/// words are looked up, so the two always agree.
public enum TextNormalizer {
    /// Latin-1 and Latin Extended-A letters without their accents: the gazetteer has hundreds
    /// of thousands of names and Foundation's folding was the slowest part of the build, so
    /// the common European letters are mapped here and only the rest go through Foundation.
    static let latinTable: [Character: String] = {
        let pairs: [(String, String)] = [
            ("ÀÁÂÃÄÅĀĂĄàáâãäåāăą", "a"), ("ÇĆĈĊČçćĉċč", "c"), ("ĎĐďđ", "d"), ("ÈÉÊËĒĔĖĘĚèéêëēĕėęě", "e"),
            ("ĜĞĠĢĝğġģ", "g"), ("ĤĦĥħ", "h"), ("ÌÍÎÏĨĪĬĮİìíîïĩīĭįı", "i"), ("Ĵĵ", "j"), ("Ķķ", "k"),
            ("ĹĻĽĿŁĺļľŀł", "l"), ("ÑŃŅŇñńņň", "n"), ("ÒÓÔÕÖØŌŎŐòóôõöøōŏő", "o"), ("ŔŖŘŕŗř", "r"),
            ("ŚŜŞŠśŝşšȘș", "s"), ("ŢŤŦţťŧȚț", "t"), ("ÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűų", "u"), ("Ŵŵ", "w"),
            ("ÝŸŶýÿŷ", "y"), ("ŹŻŽźżž", "z"), ("Ææ", "ae"), ("Œœ", "oe"), ("ß", "ss"), ("Þþ", "th"), ("Ðð", "d"),
        ]
        var table: [Character: String] = [:]
        for (letters, plain) in pairs { for ch in letters { table[ch] = plain } }
        return table
    }()

    static func latinFold(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var needsFoundation = false
        for ch in text {
            if ch.isASCII { out.append(ch) } else if let plain = latinTable[ch] { out += plain } else {
                out.append(ch)
                needsFoundation = true
            }
        }
        return needsFoundation ? out.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil) : out
    }

    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        var ascii = true
        for b in text.utf8 where b >= 0x80 { ascii = false; break }
        let source = ascii ? text : latinFold(text)
        var out: [UInt8] = []
        out.reserveCapacity(source.utf8.count)
        var pendingSpace = false
        let bytes = Array(source.utf8)
        for (i, b) in bytes.enumerated() {
            // Keep decimal points inside numbers ("1.5 hours", "29.92").
            if b == UInt8(ascii: "."), i > 0, i + 1 < bytes.count, (0x30...0x39).contains(bytes[i - 1]), (0x30...0x39).contains(bytes[i + 1]),
               !pendingSpace {
                out.append(b)
                continue
            }
            let isAlnum = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b >= 0x80
            if isAlnum {
                if pendingSpace && !out.isEmpty { out.append(0x20) }
                pendingSpace = false
                out.append(b >= 0x41 && b <= 0x5A ? b + 32 : b)
            } else if b != UInt8(ascii: "'") {
                pendingSpace = true
            }
        }
        let folded = String(decoding: out, as: UTF8.self)
        // Scripts other than Latin (Greek, Cyrillic) keep their letters; lower-case them too.
        return out.contains(where: { $0 >= 0x80 }) ? folded.lowercased() : folded
    }
}

/// Substring search on UTF-8 bytes: a plain loop, because the generic `firstRange(of:)`
/// resolves to Foundation's `DataProtocol` version, which showed up as a tenth of an answer.
public enum ByteSearch {
    /// Whether `needle` occurs in `haystack`.
    @inlinable
    public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { h in needle.withUnsafeBufferPointer { p in contains(h, p) } }
    }

    /// Whether the bytes `needle` occur in `haystack` (an empty needle always does).
    @inlinable
    public static func contains(_ h: UnsafeBufferPointer<UInt8>, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = h.count, m = p.count
        guard m > 0 else { return true }
        guard m <= n else { return false }
        let first = p[0]
        var i = 0
        while i <= n - m {
            if h[i] == first {
                var j = 1
                while j < m && h[i + j] == p[j] { j += 1 }
                if j == m { return true }
            }
            i += 1
        }
        return false
    }
}
