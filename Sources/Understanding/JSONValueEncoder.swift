import Foundation

/// Encodes any `Encodable` straight into a `JSONValue`, without the text round trip through
/// `JSONEncoder` and `JSONDecoder` (which was a tenth of an answer's time).
///
/// Follows `JSONEncoder`'s defaults: `nil` from `encode(_:forKey:)` is `null`, `encodeIfPresent`
/// omits the key, dates as ISO-8601 text, non-finite numbers are an error.
struct JSONValueEncoder {
    func encode(_ value: some Encodable) throws -> JSONValue {
        let box = Box()
        try Self.encode(value, into: box, path: [])
        return box.value
    }

    /// A mutable slot that a container writes into; containers nest by holding child boxes.
    final class Box {
        var value: JSONValue = .null
        var object: [String: Box]?
        var array: [Box]?

        var resolved: JSONValue {
            if let object { return .object(object.mapValues(\.resolved)) }
            if let array { return .array(array.map(\.resolved)) }
            return value
        }
    }

    static func encode(_ value: some Encodable, into box: Box, path: [CodingKey]) throws {
        switch value {
        case let v as JSONValue: box.value = v; return
        case let d as Date: box.value = .string(ISO8601DateFormatter().string(from: d)); return
        case let u as URL: box.value = .string(u.absoluteString); return
        case let d as Decimal: box.value = .number(NSDecimalNumber(decimal: d).doubleValue); return
        default: break
        }
        let encoder = Impl(box: box, codingPath: path)
        try value.encode(to: encoder)
        box.value = box.resolved
        box.object = nil
        box.array = nil
    }

    final class Impl: Encoder {
        let box: Box
        let codingPath: [CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(box: Box, codingPath: [CodingKey]) {
            self.box = box
            self.codingPath = codingPath
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if box.object == nil { box.object = [:] }
            return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer {
            if box.array == nil { box.array = [] }
            return Unkeyed(box: box, codingPath: codingPath)
        }

        func singleValueContainer() -> SingleValueEncodingContainer { Single(box: box, codingPath: codingPath) }
    }

    static func number(_ v: Double, _ path: [CodingKey]) throws -> JSONValue {
        guard v.isFinite else {
            throw EncodingError.invalidValue(v, .init(codingPath: path, debugDescription: "non-finite number"))
        }
        return .number(v)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        let codingPath: [CodingKey]

        func child(_ key: Key) -> Box {
            let b = Box()
            box.object?[key.stringValue] = b
            return b
        }

        mutating func encodeNil(forKey key: Key) throws { child(key).value = .null }
        mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).value = .bool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { child(key).value = .string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { child(key).value = try number(value, codingPath + [key]) }
        mutating func encode(_ value: Float, forKey key: Key) throws { child(key).value = try number(Double(value), codingPath + [key]) }
        mutating func encode(_ value: Int, forKey key: Key) throws { child(key).value = .number(Double(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).value = .number(Double(value)) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).value = .number(Double(value)) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).value = .number(Double(value)) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONValueEncoder.encode(value, into: child(key), path: codingPath + [key])
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let b = child(key)
            b.object = [:]
            return KeyedEncodingContainer(Keyed<NestedKey>(box: b, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            let b = child(key)
            b.array = []
            return Unkeyed(box: b, codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> Encoder { Impl(box: box, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> Encoder { Impl(box: child(key), codingPath: codingPath + [key]) }
    }

    struct IndexKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ i: Int) { stringValue = String(i); intValue = i }
        init?(stringValue: String) { self.stringValue = stringValue; intValue = Int(stringValue) }
        init?(intValue: Int) { self.init(intValue) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: Box
        let codingPath: [CodingKey]
        var count: Int { box.array?.count ?? 0 }

        func next() -> Box {
            let b = Box()
            box.array?.append(b)
            return b
        }

        mutating func encodeNil() throws { next().value = .null }
        mutating func encode(_ value: Bool) throws { next().value = .bool(value) }
        mutating func encode(_ value: String) throws { next().value = .string(value) }
        mutating func encode(_ value: Double) throws { next().value = try number(value, codingPath) }
        mutating func encode(_ value: Int) throws { next().value = .number(Double(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONValueEncoder.encode(value, into: next(), path: codingPath + [IndexKey(count)])
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let b = next()
            b.object = [:]
            return KeyedEncodingContainer(Keyed<NestedKey>(box: b, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            let b = next()
            b.array = []
            return Unkeyed(box: b, codingPath: codingPath)
        }
        mutating func superEncoder() -> Encoder { Impl(box: next(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let box: Box
        let codingPath: [CodingKey]

        mutating func encodeNil() throws { box.value = .null }
        mutating func encode(_ value: Bool) throws { box.value = .bool(value) }
        mutating func encode(_ value: String) throws { box.value = .string(value) }
        mutating func encode(_ value: Double) throws { box.value = try number(value, codingPath) }
        mutating func encode(_ value: Float) throws { box.value = try number(Double(value), codingPath) }
        mutating func encode(_ value: Int) throws { box.value = .number(Double(value)) }
        mutating func encode(_ value: Int64) throws { box.value = .number(Double(value)) }
        mutating func encode(_ value: Int32) throws { box.value = .number(Double(value)) }
        mutating func encode(_ value: UInt) throws { box.value = .number(Double(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.encode(value, into: box, path: codingPath) }
    }
}
