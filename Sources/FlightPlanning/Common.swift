import Foundation

/// Wraps an optional so that `Encodable` writes an explicit JSON `null` instead of
/// omitting the key (synthesised conformances use `encodeIfPresent`, which drops nils;
/// the front-end wants every key present).
@propertyWrapper
public struct ExplicitNull<Value: Sendable>: Sendable {
    /// The wrapped optional value.
    public var wrappedValue: Value?
    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
}

extension ExplicitNull: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = wrappedValue { try container.encode(value) } else { try container.encodeNil() }
    }
}

extension ExplicitNull: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}

extension ExplicitNull: Equatable where Value: Equatable {}

extension KeyedDecodingContainer {
    /// Lets a missing key decode as `nil` for `@ExplicitNull` properties (hand-written
    /// profile JSON may leave optional keys out).
    public func decode<T: Decodable & Sendable>(_ type: ExplicitNull<T>.Type, forKey key: Key) throws -> ExplicitNull<T> {
        ExplicitNull(wrappedValue: try decodeIfPresent(T.self, forKey: key))
    }
}

/// Unit conversion constants, in one place so every module agrees.
public enum Conversions {
    /// Feet per metre (exact by definition of the international foot).
    public static let feetPerMetre = 1 / 0.3048
    /// Kilograms per pound (exact, international avoirdupois pound).
    public static let kgPerPound = 0.45359237
    /// Litres per US gallon (exact, 231 cubic inches).
    public static let litresPerUSGallon = 3.785411784
    /// Knots per metre per second (1 kt = 1852 m / 3600 s).
    public static let knotsPerMPS = 3600.0 / 1852.0
    /// Knots per kilometre per hour.
    public static let knotsPerKMH = 1000.0 / 1852.0
    /// Kilometres per nautical mile (exact).
    public static let kmPerNM = 1.852
    /// hPa per inch of mercury (at 0 °C, standard gravity).
    public static let hPaPerInHg = 33.8638866667
}

/// Normalises a name for loose matching: lower case, letters and digits only.
/// "Front seats", "front_seats" and "FRONT-SEATS" all become "frontseats".
func normalisedKey(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
}

/// Normalises an angle to 0..<360 degrees.
func normalisedDegrees(_ degrees: Double) -> Double {
    let r = degrees.truncatingRemainder(dividingBy: 360)
    return r < 0 ? r + 360 : r
}

/// Signed smallest difference `a − b` in degrees, in −180...180.
func angleDifference(_ a: Double, _ b: Double) -> Double {
    var d = normalisedDegrees(a - b)
    if d > 180 { d -= 360 }
    return d
}

/// Checks a finite value is inside `range`, throwing `outOfRange` naming it otherwise.
func require(_ value: Double, in range: ClosedRange<Double>, name: String, unit: String) throws {
    guard value.isFinite, range.contains(value) else {
        throw PlanningError.outOfRange(name: name, value: "\(echo(value)) \(unit)".trimmingCharacters(in: .whitespaces),
                                       expected: "\(echo(range.lowerBound))…\(echo(range.upperBound)) \(unit)".trimmingCharacters(in: .whitespaces))
    }
}
