import Foundation

/// Tells military and other restricted fields from civil ones by the words of their name and
/// OurAirports keywords ("Istrana Air Base", "RAF Abingdon", "Fliegerhorst Wunstorf",
/// "Vélizy-Villacoublay" with keyword "BA 107").
///
/// Civil use of such a field needs prior permission, so answers mark them and rank them
/// after civil fields. Keywords are read only for unambiguous phrases and only for fields
/// without scheduled service: a civil airport's keywords often keep a former or co-located
/// base ("Rhein-Main Air Base" for Frankfurt, "RAF Baginton" for Coventry).
public enum MilitaryClassifier {
    /// Phrases (folded, whole words) that make a name military.
    static let namePhrases: [[String]] = [
        "air base", "airbase", "air force", "afb", "raf", "mod", "military", "militare", "militaire", "militar",
        "army", "army airfield", "naval", "navy", "naval air station", "nas", "air station", "fliegerhorst",
        "heeresflugplatz", "marinefliegerhorst", "luftwaffe", "base aerienne", "base aerea", "base aerea militar",
        "base aeronaval", "aeronautica militare", "flygflottilj", "lotnisko wojskowe", "letecka zakladna", "katonai",
        "legibazis", "baza lotnicza", "flyflotilje", "flystasjon", "hava us", "usaf", "usmc", "marine corps",
        "army heliport", "garrison", "barracks", "joint base", "jb", "rnas",
    ].map { $0.split(separator: " ").map(String.init) }

    /// Phrases read in keywords too: they never name a former use.
    static let keywordPhrases: [[String]] = [
        "air base", "airbase", "military", "fliegerhorst", "base aerienne", "aeronautica militare", "air force base",
    ].map { $0.split(separator: " ").map(String.init) }

    /// Whether the name or keywords say the field is military.
    public static func isMilitary(name: String, keywords: String = "", scheduledService: Bool = false) -> Bool {
        let words = TextNormalizer.fold(name).split(separator: " ").map(String.init)
        // "Kakolewo (former military)": a former base is a civil field now.
        if words.contains("former") || words.contains("ex") { return false }
        if contains(words, namePhrases) || containsBA(words) { return true }
        guard !keywords.isEmpty, !scheduledService else { return false }
        for keyword in keywords.split(separator: ",") {
            let k = TextNormalizer.fold(String(keyword)).split(separator: " ").map(String.init)
            if contains(k, keywordPhrases) || containsBA(k) { return true }
        }
        return false
    }

    static func contains(_ words: [String], _ phrases: [[String]]) -> Bool {
        guard !words.isEmpty else { return false }
        for phrase in phrases where phrase.count <= words.count {
            for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
                if Array(words[start..<(start + phrase.count)]) == phrase { return true }
            }
        }
        return false
    }

    /// French air bases are "BA 107", "BA 115": "ba" followed by a number.
    static func containsBA(_ words: [String]) -> Bool {
        for i in words.indices.dropLast() where words[i] == "ba" && words[i + 1].allSatisfy(\.isNumber) { return true }
        return false
    }
}
