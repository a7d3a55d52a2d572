import Foundation

/// A statistical intent classifier: multinomial logistic regression over hashed word 1–2-grams
/// and character 3–5-grams of the normalised utterance.
///
/// It complements the catalog's keyword rules: the rules are precise on phrasings they were
/// written for, the classifier generalises to phrasings nobody wrote a rule for, and the two
/// make different mistakes. It is fitted on the training file (`ToolCatalog/training/`) at
/// data-build time and cached as a binary model next to the airport database.
public struct IntentClassifier: Sendable {
    /// The label used for out-of-scope utterances.
    public static let noneLabel = "(none)"
    /// Number of hashed feature buckets (a power of two).
    public let buckets: Int
    /// Labels in a fixed order: tool names and `noneLabel`.
    public let labels: [String]
    /// Weights, label-major: `weights[label * buckets + feature]`.
    let weights: [Float]
    /// One bias per label.
    let bias: [Float]

    /// One training utterance: the text as the classifier sees it and its label.
    public struct Example: Sendable {
        public var text: String
        public var label: String
        public init(text: String, label: String) { self.text = text; self.label = label }
    }

    /// Training settings. The defaults were chosen on a development split of the training file.
    public struct Settings: Sendable {
        public var buckets = 1 << 17
        public var epochs = 12
        public var learningRate: Float = 0.5
        public var l2: Float = 1e-6
        public var seed: UInt64 = 0x5EED
        public init() {}
    }

    init(buckets: Int, labels: [String], weights: [Float], bias: [Float]) {
        self.buckets = buckets; self.labels = labels; self.weights = weights; self.bias = bias
    }

    /// Fits a classifier on `examples` by stochastic gradient descent on the softmax loss.
    public static func train(_ examples: [Example], settings: Settings = Settings()) -> IntentClassifier {
        let labels = Array(Set(examples.map(\.label))).sorted()
        let index = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let k = labels.count, b = settings.buckets
        var weights = [Float](repeating: 0, count: k * b)
        var bias = [Float](repeating: 0, count: k)
        let data: [(features: [Int32], value: Float, label: Int)] = examples.map { e in
            let f = FeatureHasher.features(of: e.text, buckets: b)
            return (f, f.isEmpty ? 0 : 1 / Float(f.count).squareRoot(), index[e.label]!)
        }
        var order = Array(data.indices)
        var rng = SplitMix(seed: settings.seed)
        var scores = [Float](repeating: 0, count: k)
        var step = 0
        let total = Float(max(1, settings.epochs * data.count))
        for _ in 0..<settings.epochs {
            order.shuffle(using: &rng)
            for i in order {
                let (features, value, label) = data[i]
                let rate = settings.learningRate * (1 - Float(step) / total) + 0.01
                step += 1
                weights.withUnsafeMutableBufferPointer { w in
                    for c in 0..<k {
                        var s = bias[c]
                        let base = c * b
                        for f in features { s += w[base + Int(f)] * value }
                        scores[c] = s
                    }
                    softmax(&scores)
                    for c in 0..<k {
                        let g = scores[c] - (c == label ? 1 : 0)
                        if abs(g) < 1e-4 { continue }
                        let base = c * b
                        for f in features {
                            let j = base + Int(f)
                            w[j] -= rate * (g * value + settings.l2 * w[j])
                        }
                        bias[c] -= rate * g * 0.1
                    }
                }
            }
        }
        return IntentClassifier(buckets: b, labels: labels, weights: weights, bias: bias)
    }

    /// Label probabilities for `text`, best first.
    public func probabilities(_ text: String) -> [(label: String, probability: Double)] {
        let features = FeatureHasher.features(of: text, buckets: buckets)
        let value: Float = features.isEmpty ? 0 : 1 / Float(features.count).squareRoot()
        var scores = [Float](repeating: 0, count: labels.count)
        weights.withUnsafeBufferPointer { w in
            for c in labels.indices {
                var s = bias[c]
                let base = c * buckets
                for f in features { s += w[base + Int(f)] * value }
                scores[c] = s
            }
        }
        Self.softmax(&scores)
        return zip(labels, scores).map { ($0, Double($1)) }.sorted { $0.probability > $1.probability }
    }

    static func softmax(_ s: inout [Float]) {
        let m = s.max() ?? 0
        var sum: Float = 0
        for i in s.indices { s[i] = exp(s[i] - m); sum += s[i] }
        for i in s.indices { s[i] /= sum }
    }
}

/// Deterministic pseudo-random numbers for training (the same file always gives the same model).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Turns a normalised utterance into hashed feature indices: word unigrams and bigrams, and
/// character 3–5-grams inside each word (padded with spaces so prefixes and suffixes count).
enum FeatureHasher {
    static func fnv(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for i in from..<to { h ^= UInt64(bytes[i]); h &*= 0x100_0000_01b3 }
        return h
    }

    static func features(of text: String, buckets: Int) -> [Int32] {
        let mask = UInt64(buckets - 1)
        var out: [Int32] = []
        let words = text.split(separator: " ")
        out.reserveCapacity(words.count * 12)
        var previous: UInt64 = 0x1234
        for word in words {
            let padded = Array((" " + word + " ").utf8)
            padded.withUnsafeBufferPointer { p in
                let wordHash = fnv(p, 1, p.count - 1, seed: 1)
                out.append(Int32(truncatingIfNeeded: wordHash & mask))
                out.append(Int32(truncatingIfNeeded: (wordHash &* 31 ^ previous &* 0x9E37_79B9) & mask))
                previous = wordHash
                for n in 3...5 where p.count >= n {
                    for start in 0...(p.count - n) {
                        out.append(Int32(truncatingIfNeeded: fnv(p, start, start + n, seed: UInt64(n) &* 7919) & mask))
                    }
                }
            }
        }
        out.append(Int32(truncatingIfNeeded: (previous &* 31 ^ 0x77) & mask))
        return out
    }
}

// MARK: - Persistence

extension IntentClassifier {
    static let magic: UInt32 = 0x464C_4943  // "FLIC"
    static let formatVersion: UInt32 = 1

    /// The model as bytes: a header, the labels, then the weights (little-endian floats).
    public func serialized() -> Data {
        var d = Data()
        func put(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        put(Self.magic); put(Self.formatVersion); put(UInt32(buckets)); put(UInt32(labels.count))
        for l in labels {
            let bytes = Array(l.utf8)
            put(UInt32(bytes.count)); d.append(contentsOf: bytes)
        }
        bias.withUnsafeBytes { d.append(contentsOf: $0) }
        weights.withUnsafeBytes { d.append(contentsOf: $0) }
        return d
    }

    /// Reads a model written by `serialized()`; nil when the bytes are not one (the model is then retrained).
    public init?(serialized d: Data) {
        var offset = 0
        func get() -> UInt32? {
            guard offset + 4 <= d.count else { return nil }
            var v: UInt32 = 0
            withUnsafeMutableBytes(of: &v) { $0.copyBytes(from: d[d.startIndex + offset ..< d.startIndex + offset + 4]) }
            offset += 4
            return UInt32(littleEndian: v)
        }
        guard get() == Self.magic, get() == Self.formatVersion, let b = get(), let k = get(), b > 0, b & (b - 1) == 0, k > 0, k < 1000 else { return nil }
        var labels: [String] = []
        for _ in 0..<k {
            guard let n = get(), offset + Int(n) <= d.count else { return nil }
            labels.append(String(decoding: d[d.startIndex + offset ..< d.startIndex + offset + Int(n)], as: UTF8.self))
            offset += Int(n)
        }
        let count = Int(k) * Int(b)
        guard d.count == offset + (Int(k) + count) * 4 else { return nil }
        var bias = [Float](repeating: 0, count: Int(k))
        var weights = [Float](repeating: 0, count: count)
        bias.withUnsafeMutableBytes { $0.copyBytes(from: d[d.startIndex + offset ..< d.startIndex + offset + Int(k) * 4]) }
        offset += Int(k) * 4
        weights.withUnsafeMutableBytes { $0.copyBytes(from: d[d.startIndex + offset ..< d.startIndex + offset + count * 4]) }
        self.init(buckets: Int(b), labels: labels, weights: weights, bias: bias)
    }
}
