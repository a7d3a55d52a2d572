import Foundation

/// The outcome of classifying one utterance: which tool, with which arguments, how sure.
public struct Classification: Sendable, Equatable {
    /// The catalog tool, or nil when the utterance is out of scope.
    public var tool: String?
    /// Arguments by catalog name: only what the user said or what a follow-up carried over.
    public var arguments: Arguments
    /// 0...1.
    public var confidence: Double
    /// True when the tool and arguments were carried over from the previous turn.
    public var isFollowUp: Bool
    /// How the decision was reached, for `/why` and `--trace`.
    public var trace: [String]
    /// When the input fits two tools equally well: both, so the answer can ask which.
    public var alternatives: [String] = []

    public init(tool: String?, arguments: Arguments = [:], confidence: Double, isFollowUp: Bool = false, trace: [String] = []) {
        self.tool = tool; self.arguments = arguments; self.confidence = confidence; self.isFollowUp = isFollowUp; self.trace = trace
    }
}

/// What the backend may know about the conversation so far.
public struct ConversationContext: Sendable, Equatable {
    /// The tool and arguments of the last successful turn.
    public var lastTool: String?
    public var lastArguments: Arguments

    public init(lastTool: String? = nil, lastArguments: Arguments = [:]) {
        self.lastTool = lastTool
        self.lastArguments = lastArguments
    }
}

/// Turns an utterance into a tool call. Version 1.0 is the offline `KeywordFallbackBackend`;
/// a local model or the online service can implement the same protocol over the same catalog.
public protocol LLMBackend: Sendable {
    /// Classifies `input` given the conversation so far.
    func classify(_ input: String, context: ConversationContext) -> Classification
}
