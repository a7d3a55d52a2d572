import AirportData
import Foundation
import Testing
@testable import Assistant

/// Issue 10, the junk-to-answer resolver: a place needs real evidence, else "no place called …".
@Suite("Robustness: resolver evidence")
struct ResolverEvidenceRobustnessTests {
    static let junk = ["%s", "x", "%d", "{}", "$1", "?", "-", "...", "xx", "qq", "zz", "a b", "x y z", "s", "%s %s", "undefined",
                       "???", "#", "@", "x1", "_", "it", "that", "here", "the", "a"]

    @Test("junk never resolves to a place or an airport", arguments: junk)
    func junkIsUnknown(_ text: String) throws {
        let environment = Fixtures.shared
        let resolver = LocationResolver(repository: environment.repository, countries: environment.countries)
        #expect(throws: AirportDataError.self, "'\(text)' resolved to \(String(describing: (try? resolver.resolve(text))?.label))") {
            try resolver.resolve(text)
        }
    }

    @Test("real names and codes still resolve")
    func realPlaces() throws {
        let environment = Fixtures.shared
        let resolver = LocationResolver(repository: environment.repository, countries: environment.countries)
        #expect(try resolver.resolve("Stavanger").label.contains("Stavanger"))
        #expect(try resolver.resolve("Xi'an").coordinate.longitude > 100)
        #expect(try resolver.resolve("EGTF").airport?.ident == "EGTF")
        #expect(try resolver.resolve("Annecy").place?.countryISO == "FR")
        #expect(try resolver.resolve("Vik, Iceland").coordinate.latitude > 60)
    }

    @Test("the chat says 'no place called …' for junk after 'near'")
    func chatJunk() {
        let session = Session(environment: Fixtures.shared, options: SessionOptions(json: false, color: false, width: 100, echo: false, trace: false))
        for line in ["airports near %s", "near x", "airports near xx"] {
            let out = session.handle(line).output
            #expect(out.contains("could not find a place called"), "\(line): \(out.prefix(120))")
        }
    }
}
