// libFuzzer entry point for the METAR and TAF parsers (`make fuzz`).
//
// Built by `scripts/fuzz/run.sh` together with the AviationWeather sources
// (not through SwiftPM: libFuzzer needs `-sanitize=fuzzer` on every file and
// its own `main`). Each input is decoded as a METAR and as a TAF, described in
// plain language, and the TAF timeline is queried, so a crash, a sanitizer
// report or a trap anywhere on those paths stops the run with a reproducer.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let m = try? METARParser.parse(text) {
        _ = WeatherDescriber.describe(m)
        _ = try? JSONEncoder().encode(m)
    }
    if let t = try? TAFParser.parse(text) {
        _ = WeatherDescriber.describe(t)
        let reference = Date(timeIntervalSince1970: 1_760_270_400)
        if let v = t.validity(reference: reference) {
            _ = t.conditions(at: v.start.addingTimeInterval(v.duration / 2), reference: reference)
            _ = t.worst(from: v.start, to: v.end, reference: reference)
        }
    }
    _ = WeatherReportLocator.locate(in: text)
    return 0
}
