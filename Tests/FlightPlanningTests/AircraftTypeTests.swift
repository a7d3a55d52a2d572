import Foundation
import Testing
@testable import FlightPlanning

@Suite("Aircraft types")
struct AircraftTypeTests {
    static let catalog: AircraftTypeCatalog? = try? AircraftTypeCatalog(
        typesCSV: TestData.aircraft.appendingPathComponent("types.csv"),
        cruiseSpeedsCSV: TestData.aircraft.appendingPathComponent("cruise_speeds.csv"))

    func catalog() throws -> AircraftTypeCatalog { try #require(Self.catalog) }

    // Data/aircraft/README.md: 10,370 rows, 2,711 distinct designators.
    @Test("types collapse to one entry per designator")
    func collapse() throws {
        #expect(try catalog().designatorCount == 2711)
        let c172 = try #require(try catalog().lookup("C172").first)
        #expect(c172.designator == "C172" && c172.matchedBy == "designator")
        #expect(c172.description == "L1P" && c172.wtc == "L" && c172.engineCount == "1")
        #expect(c172.models.count == 22)   // README: C172 has 22 rows
        #expect(c172.manufacturers.contains("REIMS"))
        #expect(c172.cruiseKt == 120)
    }

    @Test("aliases and names resolve", arguments: [
        ("skyhawk", "C172"), ("PA28", "P28A"), ("pa-28", "P28A"), ("Cessna 172", "C172"), ("PA46", "PA46"), ("malibu", "PA46"),
        ("archer", "P28A"),
    ])
    func aliases(query: String, designator: String) throws {
        #expect(try catalog().lookup(query).first?.designator == designator)
    }

    @Test("cruise speeds by designator, with a documented pick for shared designators")
    func cruise() throws {
        let c = try catalog()
        #expect(c.cruiseSpeed(for: "PA46") == 210)
        #expect(c.cruiseSpeed(for: "p28a") == 125)
        #expect(c.cruiseSpeed(for: "M20P") == 160)   // first of m20/m20j/m20r in the file
        #expect(c.cruiseSpeed(for: "B738") == nil)
        let boeing = try #require(c.lookup("B738").first)
        #expect(PlanningDescriber.describe([boeing], query: "B738").contains("No cruise speed in the offline data"))
    }

    @Test("unknown types are an error naming the query")
    func unknown() throws {
        #expect(try catalog().lookup("zzqq").isEmpty)
        #expect(throws: PlanningError.unknownAircraftType("zzqq")) { try self.catalog().find("zzqq") }
        let tbm = try catalog().lookup("tbm")
        #expect(tbm.contains { $0.designator == nil && $0.cruiseKt == 290 })
    }

    @Test("a missing file is named")
    func missingFile() {
        let text = errorText { _ = try AircraftTypeCatalog(typesCSV: URL(fileURLWithPath: "/nonexistent/types.csv"), cruiseSpeedsCSV: URL(fileURLWithPath: "/nonexistent/c.csv")) }
        #expect(text?.contains("/nonexistent/types.csv") == true)
    }
}

@Suite("CSV reader")
struct CSVTests {
    @Test("RFC 4180 quoting: commas, doubled quotes, line breaks, CRLF")
    func quoting() throws {
        let text = "a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\r\n2,\"two\nlines\",\r\n"
        let rows = try CSVReader.parse(text)
        #expect(rows == [["a", "b", "c"], ["1", "x, y", "say \"hi\""], ["2", "two\nlines", ""]])
    }

    @Test("last line without a newline and empty quoted fields")
    func lastLine() throws {
        #expect(try CSVReader.parse("a,\"\"\n1,2") == [["a", ""], ["1", "2"]])
        #expect(try CSVReader.parse("") == [])
    }

    @Test("unterminated quotes and ragged rows are errors")
    func errors() {
        #expect(errorText { _ = try CSVReader.parse("a,\"b\n1,2", source: "t.csv") }?.contains("line 1") == true)
        #expect(errorText { _ = try CSVReader.records("a,b\n1,2,3", source: "t.csv") }?.contains("row 2 has 3 fields") == true)
    }
}
