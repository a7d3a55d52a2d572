import Foundation

/// Errors of the understanding layer: its data files (catalog, lexicon, training
/// utterances) are checked when loaded, and each message names the file and what is wrong.
public enum UnderstandingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A catalog file is not valid.
    case invalidCatalog(file: String, message: String)
    /// A lexicon file is not valid.
    case invalidLexicon(file: String, message: String)
    /// A training file line is not valid.
    case invalidTrainingData(file: String, line: Int, message: String)

    /// The machine-readable code for `--json`.
    public var code: String {
        switch self {
        case .invalidCatalog: return "invalid_catalog"
        case .invalidLexicon: return "invalid_lexicon"
        case .invalidTrainingData: return "invalid_training_data"
        }
    }

    public var description: String {
        switch self {
        case .invalidCatalog(let file, let message): return "tool catalog file \(file): \(message)"
        case .invalidLexicon(let file, let message): return "lexicon file \(file): \(message)"
        case .invalidTrainingData(let file, let line, let message): return "training file \(file) line \(line): \(message)"
        }
    }
}
