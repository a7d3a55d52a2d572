import Foundation
import Understanding

/// The empty weight and arm a pilot states when saving a profile ("empty weight 754 kg",
/// "empty weight 1,663 lb at 39.5 in", "empty arm 1.02 m"), read with their units.
///
/// A value that is stated but cannot be read is passed on as text, so the tool's argument
/// check refuses it by name instead of saving the profile without it.
enum ProfileValues {
    static let weightPattern = #"\bempty\s+(?:weight|mass)\s*(?:of|is|=|:)?\s*([^\s,]*(?:,\d{3})*(?:\.\d+)?)\s*(kgs?|kilos?|kilograms?|lbs?|pounds?)?\b"#
    static let armPattern = #"\b(?:(?:empty\s+)?(?:weight\s+)?arm|cg|c\.g\.)(?![\w-])\s*(?:of|is|=|:|at)?\s*([^\s,]*)\s*(in|inch(?:es)?|"|m|metres?|meters?|mm)?(?![\w])"#
    static let atArmPattern = #"\bempty\s+(?:weight|mass)\s*(?:of|is|=|:)?\s*[\d,.]+\s*(?:kgs?|kilos?|kilograms?|lbs?|pounds?)?\s+at\s+([^\s,]*)\s*(in|inch(?:es)?|"|m|metres?|meters?|mm)?(?![\w])"#

    /// Adds `empty_weight`/`empty_weight_unit` and `empty_arm`/`empty_arm_unit` for what `text` states.
    static func read(_ text: String, into a: inout Arguments) {
        if let m = PlanningText.first(weightPattern, in: text) {
            let raw = m[1] ?? ""
            if let w = PlanningText.number(raw), raw.first?.isNumber == true { a["empty_weight"] = .number(w) } else { a["empty_weight"] = .string(raw.isEmpty ? "(no number)" : raw) }
            if let unit = m[2]?.lowercased() { a["empty_weight_unit"] = .string(unit.hasPrefix("k") ? "kg" : "lb") }
        }
        if let m = PlanningText.first(atArmPattern, in: text) ?? PlanningText.first(armPattern, in: text) {
            let raw = m[1] ?? ""
            if let arm = PlanningText.number(raw), raw.first?.isNumber == true { a["empty_arm"] = .number(arm) } else { a["empty_arm"] = .string(raw.isEmpty ? "(no number)" : raw) }
            if let unit = m[2]?.lowercased() { a["empty_arm_unit"] = .string(unit == "mm" ? "mm" : (unit.hasPrefix("m") ? "m" : "in")) }
        }
    }

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
