import Foundation

/// Unit conversion of the empty weight and arm a pilot states when saving a profile (they are
/// read by `PlanningText.profileValues(in:into:)` in Understanding).
enum ProfileValues {
    /// `value` in `unit` converted to the profile's unit (`lb`/`kg` or `in`/`m`), with the
    /// conversion spelled out when one was made.
    static func convert(_ value: Double, from unit: String?, to target: String) throws -> (value: Double, note: String?) {
        guard let unit, unit != target else { return (value, nil) }
        let factors: [String: Double] = ["kg>lb": 2.204_622_6, "lb>kg": 0.453_592_37, "in>m": 0.0254, "m>in": 39.370_079, "mm>m": 0.001, "mm>in": 0.039_370_079]
        guard let f = factors["\(unit)>\(target)"] else {
            throw AssistantError.invalidArgument(tool: "aircraft_profile", argument: "unit", value: unit, expected: "a unit convertible to \(target)")
        }
        let converted = value * f
        return (converted, "\(Fmt.num(value, decimals: 2)) \(unit) = \(Fmt.num(converted, decimals: 2)) \(target)")
    }
}
