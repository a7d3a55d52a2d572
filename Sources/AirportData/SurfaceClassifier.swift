import Foundation

/// Whether a runway surface is hard (paved) or soft, from OurAirports' free-text surface field.
public enum SurfaceKind: String, Sendable, Codable {
    case hard, soft, water, unknown
}

/// Normalises OurAirports' free-text runway surfaces ("ASP", "ASPH-G", "Asphalt/Concrete",
/// "GRS", "TURF-F", "Piçarra"...) to hard, soft, water or unknown.
///
/// The field mixes FAA codes, ICAO abbreviations and local words, with condition suffixes
/// (-G good, -F fair, -P poor, -E excellent). The first material named decides, since mixed
/// entries list the main surface first ("ASPH-TURF" is an asphalt runway with turf parts);
/// anything not recognised stays unknown rather than being guessed.
public enum SurfaceClassifier {
    static let hard: Set<String> = [
        "ASP", "ASPH", "ASPHALT", "ASFALT", "ASPHALTIC", "CON", "CONC", "CONCRETE", "CONCRETO", "PEM", "BIT",
        "BITUMEN", "BITUMINOUS", "PAVED", "PAV", "TARMAC", "MAC", "MACADAM", "HARD", "SEALED", "BRICK", "BRI",
        "COP", "PSP", "PERFORATED", "ASFALTO", "BETON", "BÉTON", "ENROBÉ", "ENROBE", "BLACKTOP", "CEMENT",
        "TAR", "MET", "METAL", "STEEL", "ALUMINUM", "ALUMINIUM", "SEAL", "CONCRETE/ASPHALT",
    ]
    static let soft: Set<String> = [
        "TURF", "GRS", "GRASS", "GRE", "GRAS", "GRASSED", "SOD", "GVL", "GRVL", "GRAVEL", "GRV", "DIRT", "EARTH",
        "SAND", "SAN", "CLAY", "CLA", "GROUND", "GRD", "TER", "TERRE", "SOIL", "SNOW", "ICE", "UNPAVED", "CORAL",
        "COR", "CRUSHED", "TREATED", "TRTD", "GRADED", "PIÇARRA", "PICARRA", "MATS", "MAT", "LATERITE", "SILT",
        "SHALE", "ROCK", "STONE", "GRAVELLED", "GRASSY", "LOAM", "MUD", "VOLCANIC", "CINDERS", "OIL", "CALICHE",
        "ROLLED", "SALT", "FIELD", "MEADOW", "GRASS/SOD",
    ]
    static let water: Set<String> = ["WATER", "WAT", "H2O"]
    /// Condition suffixes that say nothing about the material.
    static let ignored: Set<String> = ["G", "F", "P", "E", "L", "GOOD", "FAIR", "POOR", "EXCELLENT"]

    /// The kind of surface `text` names.
    public static func classify(_ text: String) -> SurfaceKind {
        let upper = text.uppercased()
        let words = upper.split(whereSeparator: { !$0.isLetter && $0 != "Ç" }).map(String.init)
        // A lone single letter ("G", "C", "X") is too ambiguous to decide.
        if words.count == 1, words[0].count == 1 { return .unknown }
        for word in words where !ignored.contains(word) {
            if hard.contains(word) { return .hard }
            if soft.contains(word) { return .soft }
            if water.contains(word) { return .water }
            if word.hasPrefix("ASPH") || word.hasPrefix("CONC") || word.hasPrefix("BITUM") { return .hard }
            if word.hasPrefix("GRASS") || word.hasPrefix("TURF") || word.hasPrefix("GRAV") { return .soft }
            return .unknown
        }
        return .unknown
    }
}
