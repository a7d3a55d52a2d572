import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// Recognizers, slot filling and dialogue through the real backend and database: each row is a
/// phrasing and the frame it must give (only the listed arguments are checked, plus the tool).
@Suite("Understanding pipeline")
struct UnderstandingPipelineTests {
    struct Row: Sendable, CustomStringConvertible {
        let input: String, tool: String?, arguments: [String: JSONValue?]
        var description: String { input }
    }

    static let single: [Row] = [
        // Requests to act, explanations and technique in the pilots' languages are out of scope.
        Row(input: "bestil 80 liter avgas til EKRK i morgen", tool: nil, arguments: [:]),
        Row(input: "explique-moi le vent de travers", tool: nil, arguments: [:]),
        Row(input: "hvordan lander jeg bedst i sidevind i en c172", tool: nil, arguments: [:]),
        Row(input: "give me the live ATIS for EGLL", tool: nil, arguments: [:]),
        // Aircraft: a family name of several words; a designator that is also a US field's ident.
        Row(input: "what sort of aircraft is a Boeing 757", tool: "aircraft_type", arguments: ["designator": "Boeing 757"]),
        Row(input: "tell me about the Dash 7", tool: "aircraft_type", arguments: ["designator": "Dash 7"]),
        // A lone two-digit number in a density-altitude question is the temperature; German rules words.
        Row(input: "DA at LFKC with 31 and QNH 1011", tool: "density_altitude", arguments: ["icao": "LFKC", "temperature_c": 31, "qnh_hpa": 1011]),
        Row(input: "brauche ich einen Flugplan in Frankreich?", tool: "answer_rules_question", arguments: ["country_code": "FR"]),
        // Dictation: two spoken digits after "runway"/"at", a code spelled letter by letter, a NOTAM id; a place in lower case.
        Row(input: "crosswind runway one six at e g k a wind one nine zero at one two", tool: "wind_components",
            arguments: ["icao": "EGKA", "runway": "16", "wind": "190/12"]),
        Row(input: "mark b one two three four slash twenty six as read", tool: "set_notam_status", arguments: ["notam_id": "B1234/26", "status": "read"]),
        Row(input: "headwind at white waltham rwy 25 wind 220/14", tool: "wind_components", arguments: ["icao": "white waltham", "runway": "25"]),
        // Words of the pilots' other languages (lexicon data).
        Row(input: "aerodromos near Valladolid with pista de hierba", tool: "find_airports_near_location",
            arguments: ["location_query": "Valladolid", "filters": .object(["has_hard_runway": false])]),
        Row(input: "¿hay un tren desde el aeródromo hasta Sevilla?", tool: nil, arguments: [:]),
        // Weather words around a pasted report ask for its decoding; cloud groups are no aircraft.
        Row(input: "what's the forecast for my arrival, here it is: TAF LFRB 141100Z 1412/1512 27010KT 9999 BKN025 TEMPO 1414/1418 SHRA BKN012",
            tool: "decode_taf", arguments: [:]),
        Row(input: "landing roll PA28 at LFAC 24 degrees", tool: "takeoff_landing_performance",
            arguments: ["aircraft": "PA28", "icao": "LFAC", "temperature_c": 24]),
        // A statement around one question does not outweigh it ("booking" alone is no request to act).
        // Czech words; a pronoun is no place.
        Row(input: "airports near Brno w/ celnice", tool: "find_airports_near_location", arguments: ["location_query": "Brno", "filters": .object(["point_of_entry": true])]),
        Row(input: "customs at LKTB on nedele", tool: "get_notification_for_airport", arguments: ["icao": "LKTB", "day_of_week": "sunday"]),
        Row(input: "find Biggin Hill for me please", tool: "search_airports", arguments: ["query": "Biggin Hill"]),
        Row(input: "FR vs BE rules for night VFR, what differs", tool: "compare_rules_between_countries", arguments: ["countries": .array(["FR", "BE"])]),
        Row(input: "what kind of plane is an E195? it is on my booking", tool: "aircraft_type", arguments: ["designator": "E195"]),
        Row(input: "density altitude at LFMD, 32,5°C, QNH 1009", tool: "density_altitude", arguments: ["temperature_c": 32.5, "qnh_hpa": 1009]),
        Row(input: "W&B C172 pilot 1,663 lb", tool: "weight_and_balance", arguments: ["loads": .array([.object(["station": "pilot", "amount": 1663, "unit": "lb"])])]),
        // A line that corrects itself: the value after the cue replaces the last one of its kind;
        // a bare "no" before a filter or a name negates it.
        Row(input: "runway NOTAMs at LFRD — sorry, LFRG", tool: "notams_for_airport", arguments: ["icao": "LFRG", "category": "runway"]),
        Row(input: "find Le Touquet — no, Le Havre", tool: "search_airports", arguments: ["query": "Le Havre"]),
        Row(input: "crosswind EGKB runway 21 wind 260/14 — sorry, runway 03", tool: "wind_components", arguments: ["icao": "EGKB", "runway": "03", "wind": "260/14"]),
        Row(input: "airports within 30 nm of Lyon, sorry, 25 nm", tool: "find_airports_near_location", arguments: ["location_query": "Lyon", "max_distance_nm": 25]),
        Row(input: "airports near Lyon, no grass", tool: "find_airports_near_location", arguments: ["location_query": "Lyon", "filters": .object(["has_hard_runway": true])]),
        // A letter's framing is no value: "Regards, Tom" is no place, "a" after "from" no airport.
        Row(input: "Hello flyfun, Could you please look up the ICAO code for Ostend? Regards, Tom", tool: "search_airports", arguments: ["query": "Ostend"]),
        // A short day right after an airport's code; "rally" in lower case is no Rallye.
        Row(input: "customs notice LFSB sat, ETA 0930Z, 2 POB", tool: "get_notification_for_airport", arguments: ["icao": "LFSB", "day_of_week": "saturday"]),
        Row(input: "rally leg 1 EDNY to LOWZ: airports along the route with customs", tool: "find_airports_near_route", arguments: ["from_location": "EDNY", "to_location": "LOWZ", "aircraft_type": nil]),
        // A line of several sentences: a cue in a sentence that only tells is background, one in the asking sentence declines.
        Row(input: "I fly from Barton. The hangarage is getting dear. Could you tell me which airfields are within 20 miles of Manchester Barton? Maybe I'll find somewhere cheaper.", tool: "find_airports_near_location", arguments: ["location_query": "Manchester Barton", "max_distance_nm": 20]),
        Row(input: "I fly from Barton. Can you book me a hangar at Manchester Barton?", tool: nil, arguments: [:]),
        // Words of the pilots' languages: Danish "aflyst" (cancelled), Flemish "l/u" (litres an hour), "bane" (runway).
        Row(input: "SAS flight from Copenhagen to Oslo was aflyst the day before, how much compensation can I get?", tool: "eu261_compensation",
            arguments: ["from": "Copenhagen", "to": "Oslo", "cancelled": true, "notice_days": 1]),
        Row(input: "maak a navlog EBKT LFAC EGKH, TAS 105, wind 230/18, 2500 ft, brandstof 28 l/u", tool: "nav_log",
            arguments: ["waypoints": .array(["EBKT", "LFAC", "EGKH"]), "fuel_flow": 28, "fuel_flow_unit": "l/h"]),
        Row(input: "NOTAMs at EKVG about the bane", tool: "notams_for_airport", arguments: ["icao": "EKVG", "category": "runway"]),
        // A place name ends at a colon or a word of time, and a capitalised common word may end a name the data knows.
        Row(input: "DA Zell am See 27 Grad QNH 1018", tool: "density_altitude", arguments: ["icao": "Zell am See", "temperature_c": 27, "qnh_hpa": 1018]),
        Row(input: "landing distance PA28 at Old Sarum: 2400 lb, 22C", tool: "takeoff_landing_performance", arguments: ["icao": "Old Sarum", "weight": 2400]),
        Row(input: "What is the code for Le Toquet nowadays, please?", tool: "search_airports", arguments: ["query": "Le Toquet"]),
        Row(input: "DA for an altiport at 1850 m, 19 °C, QNH 1012 hPa", tool: "density_altitude", arguments: ["icao": nil, "temperature_c": 19, "qnh_hpa": 1012]),
        // The aircraft's own words are no waypoint; "start distance" is the take-off distance.
        Row(input: "navlog EHLE EDFE LSZH, TBM 900, FL180, wind 270/45", tool: "nav_log", arguments: ["waypoints": .array(["EHLE", "EDFE", "LSZH"]), "aircraft_type": "TBM9"]),
        Row(input: "start distance OY-JRS at EKST bane 27, 24 grader", tool: "takeoff_landing_performance", arguments: ["phase": "takeoff", "runway": "27", "temperature_c": 24]),
        // A length stated for a route, no airports asked for: the route's own length, to be checked.
        Row(input: "my student reckons EGFH to EICK is about 130 NM, can you check it?", tool: "calculate_flight_distance", arguments: ["from_location": "EGFH", "to_location": "EICK"]),
        Row(input: "airfields within 5 NM of the line Münster to Osnabrück", tool: "find_airports_near_route", arguments: ["max_distance_nm": 5]),
        // Unit words of the pilots' languages; "pies" is feet only right after a number.
        Row(input: "nav log LECU LEAX, 110 nudos, viento 250/10, 6500 pies, 9 galones per hour", tool: "nav_log",
            arguments: ["altitude_ft": 6500, "fuel_flow": 9, "fuel_flow_unit": "usgal/h", "tas_kts": 110]),
        Row(input: "takeoff distance at EPJG in a C172, 27 stopni", tool: "takeoff_landing_performance", arguments: ["temperature_c": 27]),
        // A topic naming the rules in a line that asks nothing is the chapter to browse; a question stays a question.
        Row(input: "night VFR rules in Ireland please", tool: "browse_rules", arguments: ["country_code": "IE"]),
        Row(input: "what are the rules for night flights in Austria?", tool: "answer_rules_question", arguments: ["country_code": "AT"]),
        // An aircraft the type table does not know, typed capitalised where an aircraft stands.
        Row(input: "takeoff distance in the Extra at Sywell, 29°C, rwy 23", tool: "takeoff_landing_performance", arguments: ["aircraft": "Extra", "icao": "Sywell"]),
        Row(input: "weight and balance for the Skyranger", tool: "weight_and_balance", arguments: ["aircraft": "Skyranger"]),
        // The pilots' own articles cue a designator ("ein DHC2").
        Row(input: "was ist ein DHC2?", tool: "aircraft_type", arguments: ["designator": "DHC2"]),
        // Airlines typed tersely: a country's adjective before the flight's codes, a code in lower case with "comp".
        Row(input: "swiss zrh-jfk 6h delay comp?", tool: "eu261_compensation", arguments: ["airline": "swiss", "carrier_region": "eu", "delay_hours": 6]),
        Row(input: "ba cancelled LHR-GVA same day. comp?", tool: "eu261_compensation", arguments: ["airline": "ba", "carrier_region": "uk", "cancelled": true]),
        // A flight's name runs to a clause of its own, or is given with "name it" / "call it".
        Row(input: "load ~/Trips/spain/brief-lfbh-2.txt for flight Spain outbound, it's the updated one", tool: "import_briefing", arguments: ["flight": "Spain outbound"]),
        Row(input: "load briefing ~/Dokumenty/brief_EPBC_EYKA.txt and name it Kaunas trip", tool: "import_briefing", arguments: ["flight": "Kaunas trip"]),
        Row(input: "what is changed in briefing for flight Kaunas trip since last time?", tool: "briefing_changes", arguments: ["flight": "Kaunas trip"]),
        // "far's" is "far is" (the fold drops the apostrophe).
        Row(input: "how far's Tórshavn from Sumburgh", tool: "calculate_flight_distance", arguments: ["from_location": "Sumburgh", "to_location": "Tórshavn"]),
        // A rules question about a flight from one country into another is about the destination.
        Row(input: "Must I file a flight plan to fly from Belgium till the UK?", tool: "answer_rules_question", arguments: ["country_code": "GB"]),
        Row(input: "can I fly a UK-registered microlight in Germany without a permit?", tool: "answer_rules_question", arguments: ["country_code": "DE"]),
        // The destination named first: "to X from Y", and a Dutch speaker's "till".
        Row(input: "How far is it till Le Touquet from Oostende?", tool: "calculate_flight_distance", arguments: ["from_location": "Oostende", "to_location": "Le Touquet"]),
        // "@170" is a speed when no wind direction comes before the "@"; Dutch gusts "vlagen tot".
        Row(input: "ete egkb lfpb @170", tool: "calculate_flight_distance", arguments: ["from_location": "EGKB", "to_location": "LFPB", "cruise_speed_kts": 170]),
        Row(input: "How much is the wind on baan 26 at EBOS with 220/18 vlagen tot 30?", tool: "wind_components", arguments: ["icao": "EBOS", "runway": "26", "wind": "220/18G30"]),
        // Asking to be reminded of something flyfun holds is a question, not a reminder to set.
        Row(input: "Could you please remind me which aircraft profiles I have saved?", tool: "aircraft_profile", arguments: ["action": "list"]),
        // Airport codes dictated in the spelling alphabet; a code with only a question word around it is that airport.
        Row(input: "distance from echo golf tango kilo to echo golf hotel india", tool: "calculate_flight_distance", arguments: ["from_location": "EGTK", "to_location": "EGHI"]),
        Row(input: "notams for lima foxtrot alpha tango", tool: "notams_for_airport", arguments: ["icao": "LFAT"]),
        Row(input: "what's at LFNH?", tool: "get_airport_details", arguments: ["icao_code": "LFNH"]),
        // A type's name typed capitalised needs no cue word; a longer name is read whole.
        Row(input: "t/o perf King Air LSGS rwy 25, 28C, 5400 kg", tool: "takeoff_landing_performance",
            arguments: ["aircraft": "King Air", "icao": "LSGS", "runway": "25", "temperature_c": 28, "weight": 5400]),
        Row(input: "What is ICAO type designator for Pipistrel Virus SW?", tool: "aircraft_type", arguments: ["designator": "Pipistrel Virus SW"]),
        // A space as thousands separator, only after QNH or before a unit; a runway number stays apart.
        Row(input: "altitude densité à LFSB avec 31,5 °C et QNH 1 012", tool: "density_altitude", arguments: ["icao": "LFSB", "temperature_c": 31.5, "qnh_hpa": 1012]),
        Row(input: "W&B C172 pilot 1 663 lb", tool: "weight_and_balance", arguments: ["loads": .array([.object(["station": "pilot", "amount": 1663, "unit": "lb"])])]),
        Row(input: "route LFPN LIPZ, legs of 2,5 hours", tool: "find_airports_near_route", arguments: ["max_leg_time_hours": 2.5]),
        Row(input: "how long from EHRD to EKCH in a Bonanza", tool: "calculate_flight_distance", arguments: ["aircraft_type": "BE36"]),
        Row(input: "EHRD to EKCH in a Cessna 182, how long", tool: "calculate_flight_distance", arguments: ["aircraft_type": "C182"]),
        Row(input: "flight time Oxford to Deauville in a PA-28", tool: "calculate_flight_distance", arguments: ["aircraft_type": "PA28"]),
        Row(input: "Air France flight from JFK to Paris delayed 6 hours", tool: "eu261_compensation", arguments: ["carrier_region": "eu", "delay_hours": 6]),
        Row(input: "lhr-jfk 6h late on delta, compensation?", tool: "eu261_compensation", arguments: ["from": "LHR", "to": "JFK", "carrier_region": "other"]),
        Row(input: "airfields near Brighton incl. large ones", tool: "find_airports_near_location", arguments: ["location_query": "Brighton", "include_large_airports": true]),
        Row(input: "airports near Basel, german side", tool: "find_airports_near_location", arguments: ["location_query": "Basel", "filters": .object(["country": "DE"])]),
        Row(input: "airports near Sion, Switzerland", tool: "find_airports_near_location", arguments: ["location_query": "Sion, Switzerland"]),
        Row(input: "EU261: Paris to Rome 4h delay", tool: "eu261_compensation", arguments: ["from": "Paris", "to": "Rome"]),
        Row(input: "grass strips near Lyon, no customs", tool: "find_airports_near_location", arguments: ["filters": .object(["has_hard_runway": false, "point_of_entry": false])]),
        // A surface allowed asks for no filter; a place typed with its code is the code.
        Row(input: "airfields near Lyon, grass is fine", tool: "find_airports_near_location", arguments: ["location_query": "Lyon", "filters": nil]),
        Row(input: "distance from Tarbes LFBT to Cambridge EGSC", tool: "calculate_flight_distance", arguments: ["from_location": "LFBT", "to_location": "EGSC"]),
        Row(input: "ICAO code of a Piper Seneca?", tool: "aircraft_type", arguments: ["designator": "Piper Seneca"]),
        // "min" before a runway length is a minimum; "max leg" belongs to the next clause.
        Row(input: "route EGTF LFMD, rwy min 800 m, max leg 2h", tool: "find_airports_near_route",
            arguments: ["filters": .object(["min_runway_length_ft": 2625]), "max_leg_time_hours": 2]),
        Row(input: "Ryanair Dublin to Faro cancelled on the day, they gave us no food, what's the payout?", tool: "eu261_compensation",
            arguments: ["from": "Dublin", "to": "Faro", "cancelled": true]),
        Row(input: "how do we do a formation takeoff", tool: nil, arguments: [:]),
        // Requests to act in the pilot's own language, and ground transport by road.
        Row(input: "liga para a torre de LPPM e pergunta se há avgas", tool: nil, arguments: [:]),
        Row(input: "llama a la aduana de LEVC y diles que llego a las 15h", tool: nil, arguments: [:]),
        Row(input: "how long by road from Kempten hospital to EDJA?", tool: nil, arguments: [:]),
        Row(input: "what's the weather doing at Jersey at this very moment", tool: nil, arguments: [:]),
        Row(input: "aerodromes near Lyon with runway en dur", tool: "find_airports_near_location", arguments: ["filters": .object(["has_hard_runway": true])]),
        Row(input: "what's the distance Kulmbach-EGBB in nm", tool: "calculate_flight_distance", arguments: ["from_location": "Kulmbach", "to_location": "EGBB"]),
        Row(input: "does Emden have an ILS?", tool: "get_airport_details", arguments: ["icao_code": "Emden"]),
        Row(input: "Heathrow airport", tool: "get_airport_details", arguments: ["icao_code": "Heathrow"]),
        Row(input: "Le Touquet", tool: "get_airport_details", arguments: ["icao_code": "Le Touquet"]),
        Row(input: "Annecy", tool: "find_airports_near_location", arguments: ["location_query": "Annecy"]),
        Row(input: "lol", tool: nil, arguments: [:]),
        Row(input: "show me all my aircraft profiles", tool: "aircraft_profile", arguments: ["action": "list"]),
        // Numbers dictated in words.
        Row(input: "density altitude at LFMD thirty five degrees q n h one zero zero five", tool: "density_altitude",
            arguments: ["temperature_c": 35, "qnh_hpa": 1005]),
        Row(input: "nav log EGKB LFAT at one hundred and five knots at four thousand five hundred feet", tool: "nav_log",
            arguments: ["tas_kts": 105, "altitude_ft": 4500]),
        // A capitalised name alone with a letter wrong is offered to the resolver; chatter is not.
        Row(input: "Fairoks", tool: "get_airport_details", arguments: ["icao_code": "Fairoks"]),
        Row(input: "Le Tuquet airfield", tool: "get_airport_details", arguments: ["icao_code": "Le Tuquet"]),
        Row(input: "Thanks", tool: nil, arguments: [:]),
        // General knowledge and technique naming nothing the tools take; the in-scope twins.
        Row(input: "how do thunderstorms actually form", tool: nil, arguments: [:]),
        Row(input: "what is a VOR", tool: nil, arguments: [:]),
        Row(input: "Wat betekent eigenlijk 'wake turbulence'?", tool: nil, arguments: [:]),
        Row(input: "what is a TBM 900", tool: "aircraft_type", arguments: [:]),
        Row(input: "is there avgas at LFAT?", tool: "get_airport_details", arguments: ["icao_code": "LFAT"]),
        Row(input: "da at 5000ft 25c 29.92", tool: "density_altitude", arguments: ["elevation_ft": 5000, "temperature_c": 25, "altimeter_inhg": 29.92]),
        Row(input: "EU261 for Brussels to Tenerife delayed 5 hours", tool: "eu261_compensation", arguments: ["from": "Brussels", "to": "Tenerife", "delay_hours": 5]),
        Row(input: "Merci", tool: nil, arguments: [:]),
        Row(input: "order 80 litres of avgas at LFAT", tool: nil, arguments: [:]),
        Row(input: "pay the landing fee at EGTF", tool: nil, arguments: [:]),
        Row(input: "live rain radar around Frankfurt", tool: nil, arguments: [:]),
        Row(input: "do I have to file a flight plan when flying into Belgium?", tool: "answer_rules_question", arguments: ["country_code": "BE"]),
        Row(input: "translate this taf pls: TAF LSZH 031125Z 0312/0418 VRB03KT 9999 FEW045", tool: "decode_taf", arguments: [:]),
        // Airline brands, lower-case brands and lower-case IATA pairs; a country is no airline.
        Row(input: "my flight of Condor from Frankfurt to Palma had 3,5 hours delay", tool: "eu261_compensation",
            arguments: ["airline": "Condor", "carrier_region": "eu", "delay_hours": 3.5]),
        Row(input: "ryanair stn to bva cancelled comp?", tool: "eu261_compensation",
            arguments: ["from": "STN", "to": "BVA", "cancelled": true, "carrier_region": "eu"]),
        Row(input: "from Brussels to Rome delayed 4 hours, compensation?", tool: "eu261_compensation", arguments: ["airline": nil, "carrier_region": nil]),
        Row(input: "my flight FRA to Palma had 5 hours of delay with a German airline", tool: "eu261_compensation", arguments: ["carrier_region": "eu", "airline": nil]),
        Row(input: "My flight from Lisbon to Amsterdam arrived 3 hours 40 minutes late", tool: "eu261_compensation", arguments: ["delay_hours": 3.67]),
        // Typos one edit from a word the pipeline reads; a known place is never "corrected".
        Row(input: "lighted rnways near lydd", tool: "find_airports_near_location", arguments: ["location_query": "lydd", "filters": .object(["has_lighted_runway": true])]),
        Row(input: "custms notice at lfat on sunday?", tool: "get_notification_for_airport", arguments: ["icao": "LFAT", "day_of_week": "sunday"]),
        // Quantities are no airport idents; a bare height is a field elevation; a type asked about is the aircraft.
        Row(input: "density alt elev 2500 ft temp 35c qnh 1008", tool: "density_altitude", arguments: ["elevation_ft": 2500, "temperature_c": 35, "icao": nil]),
        Row(input: "da 3500ft 90F 30.12", tool: "density_altitude", arguments: ["elevation_ft": 3500]),
        Row(input: "i need a nav log: LFPN, LFOP, LFRC at 100 kts, FL55, wind 260/18", tool: "nav_log",
            arguments: ["waypoints": .array(["LFPN", "LFOP", "LFRC"]), "altitude_ft": 5500, "tas_kts": 100]),
        Row(input: "nav log egsx eham at 120kt wind 300/18", tool: "nav_log", arguments: ["tas_kts": 120, "wind": "300/18"]),
        Row(input: "nav log Shoreham Le Touquet Abbeville 100 knots", tool: "nav_log", arguments: ["waypoints": .array(["Shoreham", "Le Touquet", "Abbeville"])]),
        Row(input: "tell me about the C210", tool: "aircraft_type", arguments: ["designator": "C210"]),
        // NOTAM categories from the lexicon's enum phrases: the longest phrase wins.
        Row(input: "runway lights notams at EGLL", tool: "notams_for_airport", arguments: ["category": "lighting"]),
        Row(input: "drone or parachute activity near EDDS notams", tool: "notams_for_airport", arguments: ["category": "warning"]),
        Row(input: "how do I perform a short-field landing on a grass runway?", tool: nil, arguments: [:]),
        Row(input: "anything I can land at near 47.05, 8.31? max 20 nm", tool: "find_airports_near_location",
            arguments: ["location_query": "47.05, 8.31", "max_distance_nm": 20]),
        Row(input: "print the nav log for EGTF LFAT", tool: nil, arguments: [:]),
        // Quantities and values in the forms pilots type them.
        Row(input: "Aerodromes within 12 NM of EDKB having a hard runway not shorter than 800 m.", tool: "find_airports_near_location",
            arguments: ["filters": .object(["has_hard_runway": true, "min_runway_length_ft": 2625])]),
        Row(input: "da lsgc minus 5 c qnh 1030", tool: "density_altitude", arguments: ["temperature_c": -5, "qnh_hpa": 1030]),
        Row(input: "Work out the density altitude at Bern with an OAT of 41 °F", tool: "density_altitude", arguments: ["temperature_c": 5]),
        Row(input: "EHRD 06, 15 kt from 020 - components?", tool: "wind_components", arguments: ["wind": "020/15"]),
        Row(input: "xw rwy 26 edfe 310 at 16 g 26", tool: "wind_components", arguments: ["runway": "26", "wind": "310/16G26"]),
        Row(input: "crosswind on the 27 at LFMD with 300 degrees 12 knots", tool: "wind_components", arguments: ["runway": "27", "wind": "300/12"]),
        Row(input: "SR22 EGKB to LFQQ, cruise 170 kts, legs of 1 h at most: options?", tool: "find_airports_near_route",
            arguments: ["aircraft_type": "SR22", "max_leg_time_hours": 1]),
        Row(input: "EHLE -> EDMO at 140 kt, max 1h45 per leg, suggest fuel stops", tool: "find_airports_near_route", arguments: ["max_leg_time_hours": 1.75]),
        Row(input: "search 'Courchevel'", tool: "search_airports", arguments: ["query": "Courchevel"]),
        Row(input: "The frequencies and runways of Bâle-Mulhouse, please", tool: "get_airport_details", arguments: ["icao_code": "Bâle-Mulhouse"]),
        Row(input: "Rules for the night flight in Austria?", tool: "answer_rules_question", arguments: ["country_code": "AT"]),
        Row(input: "show me the airspace rules for Spain", tool: "browse_rules", arguments: ["country_code": "ES"]),
        // Units, counts and waypoint cues written other ways; countries in other languages and in capitals.
        Row(input: "time enroute LOAG to LJBL at 160 km/h", tool: "calculate_flight_distance", arguments: ["cruise_speed_kts": 86.4]),
        Row(input: "stopover options between Bergamo and Bolzano, only Italy, 5 max", tool: "find_airports_near_route", arguments: ["max_results": 5]),
        Row(input: "nav log EGTF LFAT tas 100 fuel 30 litri/ora, res 60", tool: "nav_log", arguments: ["fuel_flow": 30, "fuel_flow_unit": "l/h", "reserve_minutes": 60]),
        Row(input: "nav log from LIMB to LIPB passing over LIDT, TAS 100", tool: "nav_log", arguments: ["waypoints": .array(["LIMB", "LIDT", "LIPB"])]),
        Row(input: "nav log for Gap > Sisteron > Vinon at 80 kt", tool: "nav_log", arguments: ["waypoints": .array(["Gap", "Sisteron", "Vinon"])]),
        Row(input: "airports in Espagne", tool: "search_airports", arguments: ["query": "ES"]),
        Row(input: "airports near Lyon, french ones only", tool: "find_airports_near_location", arguments: ["location_query": "Lyon", "filters": .object(["country": "FR"])]),
        Row(input: "how do the VFR rules in Switzerland compare with Italy's?", tool: "compare_rules_between_countries", arguments: ["countries": .array(["CH", "IT"])]),
        // Aircraft types asked about as things, with their makers.
        Row(input: "by the way, what exactly is a P28R?", tool: "aircraft_type", arguments: ["designator": "P28R"]),
        // The maker named before the type, the question asked in Spanish, a capitalised name of common words.
        Row(input: "what's a Mudry D140 anyway", tool: "aircraft_type", arguments: ["designator": "Mudry D140"]),
        Row(input: "oye, qué es un DA42?", tool: "aircraft_type", arguments: ["designator": "DA42"]),
        Row(input: "what is a Twin Otter exactly", tool: "aircraft_type", arguments: ["designator": "Twin Otter"]),
        Row(input: "Beechcraft Bonanza specs?", tool: "aircraft_type", arguments: ["designator": "Beechcraft Bonanza"]),
        // Airlines, delays and notices.
        Row(input: "Swiss cancelled my Zurich-New York flight 5 days before", tool: "eu261_compensation", arguments: ["airline": "Swiss", "notice_days": 5]),
        Row(input: "eu261 fra-jfk lh 5h late", tool: "eu261_compensation", arguments: ["airline": "lh", "carrier_region": "eu"]),
        Row(input: "My flight from Paris to Lisbon arrived 3h30 late. What compensation am I owed?", tool: "eu261_compensation", arguments: ["airline": nil, "delay_hours": 3.5]),
        Row(input: "Turkish Airlines Istanbul to Berlin 5h late. do EU rules even apply?", tool: "eu261_compensation", arguments: ["from": "Istanbul"]),
        Row(input: "Lufthansa cancelled my Munich to Lisbon flight the day before departure", tool: "eu261_compensation", arguments: ["cancelled": true, "notice_days": 1]),
        Row(input: "ams to nice 3h late", tool: "eu261_compensation", arguments: ["from": "ams", "to": "nice", "delay_hours": 3]),
        // "man and boy" joins two words, not the IATA codes MAN and BOY.
        Row(input: "airfields within 20 nm of Manchester Barton, I have flown there man and boy", tool: "find_airports_near_location",
            arguments: ["location_query": "Manchester Barton", "max_distance_nm": 20]),
        Row(input: "FO here, pax asks me: LOT flight WAW-BCN arrived 3h40 late", tool: "eu261_compensation", arguments: ["airline": "LOT", "delay_hours": 3.67]),
        // Designators dictated letter by letter and digit by digit; "a 50 ft obstacle" is no designator.
        Row(input: "um what kind of aircraft is a p a four six", tool: "aircraft_type", arguments: ["designator": "PA46"]),
        Row(input: "takeoff distance over a 50 ft obstacle for the C172S at LFLP", tool: "takeoff_landing_performance", arguments: ["aircraft": "C172S"]),
        // A bound of the next clause ("max 3.5 h legs") is not the runway length's; French elision before a name.
        Row(input: "Fuel stop options between EGLF and OERK, runway at least 1800 m, max 3.5 h legs at 400 kt", tool: "find_airports_near_route",
            arguments: ["filters": .object(["min_runway_length_ft": 5906]), "max_leg_time_hours": 3.5]),
        Row(input: "aérodromes près d'Avignon", tool: "find_airports_near_location", arguments: ["location_query": "Avignon"]),
        // A night spent somewhere is a stay, not night flying.
        Row(input: "day 6 we want a night near Avignon: airfields within 20 nm with paved runway", tool: "find_airports_near_location",
            arguments: ["location_query": "Avignon", "filters": .object(["has_hard_runway": true])]),
        // The airline that cancelled wins over one named after "with"; a place or an airport code before "delayed" is no airline.
        Row(input: "easyJet cancelled my flight from Split to Gatwick, we bought new tickets with Croatia Airlines", tool: "eu261_compensation", arguments: ["airline": "easyJet", "carrier_region": "uk"]),
        Row(input: "Czech Airlines Prague to Paris CDG, delayed 5 hours", tool: "eu261_compensation", arguments: ["airline": "Czech Airlines", "from": "Prague", "to": "Paris CDG"]),
        // The place asked about, not where the flight comes from.
        Row(input: "customs notice for Ajaccio on a sunday? we'd be arriving from Sardinia", tool: "get_notification_for_airport",
            arguments: ["icao": "Ajaccio", "day_of_week": "sunday"]),
        Row(input: "Import the candidate's briefing from /home/exam/brief_EGTK_EGSC.txt for flight EXAM-07", tool: "import_briefing",
            arguments: ["flight": "EXAM-07"]),
        // A flight's name of two words that ends the line; a word of chatter after a name is no part of it.
        Row(input: "import ~/brief/mon.txt as flight easter tour", tool: "import_briefing", arguments: ["flight": "easter tour"]),
        Row(input: "import ~/brief/mon.txt for flight G-ONE today", tool: "import_briefing", arguments: ["flight": "G-ONE"]),
        // Phrases of other languages read whole; a reserve at the end of a sentence; a person is no aircraft.
        Row(input: "guardar el perfil C172S como EC-ABC con peso en vacío 745 kg", tool: "aircraft_profile",
            arguments: ["action": "save", "name": "EC-ABC", "from_profile": "C172S", "empty_weight": 745, "empty_weight_unit": "kg"]),
        Row(input: "Navlog LFPN LFAQ, TAS 105, 32 l/h, reserve 30.", tool: "nav_log", arguments: ["reserve_minutes": 30, "tas_kts": 105]),
        Row(input: "my instructor wants airfields between LFPN and LFAQ", tool: "find_airports_near_route", arguments: ["aircraft_type": nil]),
        // German: a declined country adjective, "bei" before a place and before a number, "statt".
        Row(input: "Flugplätze bei Linz, nur die tschechischen", tool: "find_airports_near_location", arguments: ["location_query": "Linz", "filters": .object(["country": "CZ"])]),
        // A runway after the verb of a take-off or landing.
        Row(input: "crosswind departing 25 at EDFE with 300/14", tool: "wind_components", arguments: ["icao": "EDFE", "runway": "25", "wind": "300/14"]),
        // Fat fingers: a word typed onto a code, a four-letter word missing a letter, a misspelt country.
        Row(input: "strips nearLFAT within 15nm", tool: "find_airports_near_location", arguments: ["location_query": "LFAT", "max_distance_nm": 15]),
        Row(input: "is a transponder required in swtzerland?", tool: "answer_rules_question", arguments: ["country_code": "CH"]),
        // Chatter about a first solo around a real distance question.
        Row(input: "planning my first solo cross country, how far from Cambridge to Sywell?", tool: "calculate_flight_distance",
            arguments: ["from_location": "Cambridge", "to_location": "Sywell"]),
    ]

    @Test("one turn: recognizers and slots", arguments: single)
    func oneTurn(_ row: Row) throws {
        let env = try Fixtures.environment()
        let c = env.backend.classify(row.input, context: ConversationContext())
        #expect(c.tool == row.tool, "\(row.input): \(c.trace.joined(separator: " | "))")
        for (k, v) in row.arguments { #expect(c.arguments[k] == v, "\(row.input): \(k) = \(c.arguments[k]?.jsonText() ?? "nothing")") }
    }

    static let followUps: [(history: [String], input: String, tool: String?, arguments: [String: JSONValue?])] = [
        // "DA" in capitals names density altitude even after another tool's question; a TAS replaces the aircraft of a nav log and back.
        (["DA LFLJ 25C 1013", "T/O dist C172S there"], "DA at 32?", "density_altitude", ["icao": "LFLJ", "temperature_c": 32, "qnh_hpa": 1013]),
        (["nav log EDFE EDFM LFSB, TAS 140, wind 230/15"], "now with the Mooney instead", "nav_log", ["aircraft_type": "M20P", "tas_kts": nil]),
        // A question named in the pilot's own word, then a follow-up opener: that question's frame with the new place.
        (["customs notice for LFRD on a saturday", "notams LFRD"], "customs: and Cherbourg?", "get_notification_for_airport", ["icao": "Cherbourg", "day_of_week": "saturday"]),
        // One end of the same question replaced: its speed stays.
        (["dist LSGG-LIEO at 430 kt"], "from LSZH", "calculate_flight_distance", ["from_location": "LSZH", "to_location": "LIEO", "cruise_speed_kts": 430]),
        // A lone airspeed after a route question that had none; "flip it" reverses.
        (["airports along EGTF to LFMD", "2h legs"], "at 120", "find_airports_near_route", ["cruise_speed_kts": 120, "max_leg_time_hours": 2]),
        (["airports along EGTF to LFMD w/ customs"], "flip it", "find_airports_near_route", ["from_location": "LFMD", "to_location": "EGTF"]),
        // A name rejected for the code held of the same place: "Mariehamn" is EFMA.
        (["how far EETN to EFMA with 105 kt"], "not Mariehamn, Turku", "calculate_flight_distance", ["to_location": "Turku", "cruise_speed_kts": 105]),
        // A stop of a nav log corrected or two stops swapped in place; a route search after a
        // distance keeps the airspeed stated for it.
        (["navlog LFPN LFOH LFRD, 110 kt, 9 gph"], "not LFOH, I meant LFRG", "nav_log", ["waypoints": .array(["LFPN", "LFRG", "LFRD"]), "tas_kts": 110]),
        (["navlog LDZD LDLO LDPL LJPZ at 100 kt"], "swap LDLO and LDPL around", "nav_log", ["waypoints": .array(["LDZD", "LDPL", "LDLO", "LJPZ"])]),
        (["Give me distance between LTBU and LBSF", "With 120 knots how much time?"], "Airports near the route, having customs, please.", "find_airports_near_route",
         ["from_location": "LTBU", "to_location": "LBSF", "cruise_speed_kts": 120]),
        // "same q" / "same load" go back to that question when another came between.
        (["is a transponder mandatory in Germany above 5,000 ft AMSL?", "DA EDNY 24C"], "same q for AT", "answer_rules_question", ["country_code": "AT"]),
        // "call it X" names the profile being saved (not a phone call).
        (["show me the PA28 profile", "save it as D-EBUY with empty weight 1610 lb"], "actually call it D-ERNT", "aircraft_profile",
         ["action": "save", "name": "D-ERNT", "from_profile": "PA28", "empty_weight": 1610]),
        // The pilots' own article names an earlier question ("die NOTAMs:"); Danish "told" after "with" is customs.
        (["Hindernisse NOTAMs LOWI", "was ist ein AS50?"], "die NOTAMs: same for LOWS", "notams_for_airport", ["icao": "LOWS", "category": "obstacle"]),
        (["airports along the route EKRK to EDHL with told"], "omvendt", "find_airports_near_route",
         ["from_location": "EDHL", "to_location": "EKRK", "filters": .object(["point_of_entry": true])]),
        // A dash ends the clause that names the place.
        (["airports within 20 nm of Oxford", "details of EGTK"], "Returning to the list around Oxford — add avgas, please", "find_airports_near_location",
         ["location_query": "Oxford", "filters": .object(["has_avgas": true])]),
        // A height with its unit in a density-altitude question is the elevation, and no place goes with it.
        (["DA at EGFH 25°C QNH 1013", "wind components EGFH rwy 22 wind 250/15"], "DA again — top of Pen y Fan, 886 m, same temperature and QNH", "density_altitude",
         ["icao": nil, "temperature_c": 25, "qnh_hpa": 1013]),
        // "same search around X", "same at X" after another question came between: that question's values at the new place.
        (["Flugplätze near Bolzano with Zoll", "details of LIPB"], "same search around Trento", "find_airports_near_location",
         ["location_query": "Trento", "filters": .object(["point_of_entry": true])]),
        (["ldg dist pc12 lsgs rwy 25 28c 4200kg", "lsgs notams rwy"], "ldg dist same at lszs rwy 21", "takeoff_landing_performance",
         ["icao": "LSZS", "runway": "21", "weight": 4200, "temperature_c": 28]),
        (["douane at EBKT on zondag", "distance EBKT LFAC"], "douane the same for LFAC", "get_notification_for_airport", ["icao": "LFAC", "day_of_week": "sunday"]),
        // "LDG" in capitals is landing, never a place; an English word in lower case is no airport code ("sees").
        (["T/O dist G-OFRY at LXGB rwy 27, 28C, 1250 kg"], "LDG dist same", "takeoff_landing_performance", ["icao": "LXGB", "phase": "landing", "weight": 1250]),
        (["quick teaching point: DA at EGFH with 28°C and QNH 1009, please", "what's a PA38?"], "back to the DA — now with 1021 so she sees the difference",
         "density_altitude", ["icao": "EGFH", "temperature_c": 28, "qnh_hpa": 1021]),
        // "same for X" after a question that takes no place goes to the latest question that does.
        (["navaid NOTAMs for EKRK", "mark A1234/26 read"], "same for EKCH", "notams_for_airport", ["icao": "EKCH", "category": "navaid"]),
        // Customs named after a question that takes no filter goes back to the customs question, for the new airport.
        (["how much vooraanmelding for douane at EHMZ on zaterdag?", "distance EBOS EHMZ"], "and for the douane at EHSE?", "get_notification_for_airport",
         ["icao": "EHSE", "day_of_week": "saturday"]),
        (["EPRZ details", "is customs at EPRZ on saturday?"], "airports near Rzeszów with customs", "find_airports_near_location",
         ["location_query": "Rzeszów", "filters": .object(["point_of_entry": true])]),
        (["crosswind at EGTK runway 19 wind 230/14"], "And at Staverton, same wind, whichever runway is best?", "wind_components",
         ["icao": "Staverton", "wind": "230/14", "runway": nil]),
        // "same weer" is read after normalisation ("same weather"): the conditions carry.
        (["what is the density altitude at EBSP with 31 graden and QNH 1009", "details EBSP"], "the DA also for EBBN, same weer", "density_altitude",
         ["icao": "EBBN", "temperature_c": 31, "qnh_hpa": 1009]),
        // A reserve in the pilots' languages ("réserve de 45 min", "réserve 1 heure") is no request to book.
        (["log de nav EBCI LFQJ LFQA, vitesse propre 105 kt, vent 240/15, conso 28 litres/heure"], "ajoute une réserve de 45 min", "nav_log",
         ["reserve_minutes": 45, "tas_kts": 105]),
        (["log de nav LFMT LFTH LFKC à 110 kt, vent 300/20, consommation 30 l/h"], "réserve 1 heure", "nav_log", ["reserve_minutes": 60, "tas_kts": 110]),
        // "the Salzburg list": the list question whose frame holds the word, not the latest list.
        (["airfields near Salzburg with customs, 30 nm", "along LOWS LJBL, 10 nm"], "the Salzburg list from before, make it 40 nm", "find_airports_near_location",
         ["location_query": "Salzburg", "max_distance_nm": 40, "filters": .object(["point_of_entry": true])]),
        // An apology opens a correction as "sorry" does ("I'm sorry, I was wrong."): the claim keeps its airline.
        (["my BA flight from Heathrow to Nice was 5 hours late"], "I'm sorry, I was wrong. It was 2 hours 40 late.", "eu261_compensation",
         ["delay_hours": 2.67, "airline": "BA", "carrier_region": "uk"]),
        // A stop added to a nav log, and the turn's other values with it.
        (["nav log EPBC EPLL EPWR, TAS 100 kt, wind 250/15, 30 l/h"], "add LKHK on the end, and reserve 45 minut", "nav_log",
         ["waypoints": .array(["EPBC", "EPLL", "EPWR", "LKHK"]), "reserve_minutes": 45, "tas_kts": 100]),
        (["airports near route EPPO to EDAZ with avgas, 15 NM each side"], "max 1,5 h for one leg, we fly 95 kt", "find_airports_near_route",
         ["max_leg_time_hours": 1.5, "cruise_speed_kts": 95, "max_distance_nm": 15]),
        // An earlier question named with no separator after its name: the rest only adjusts it.
        (["airfields near Saint-Yan", "METAR LFLN 171000Z 21010KT CAVOK 29/13 Q1015"], "Saint-Yan list out to 30 nm", "find_airports_near_location",
         ["location_query": "Saint-Yan", "max_distance_nm": 30]),
        (["stops between LFAT and LFAY within 10 nm", "customs at LFAT on sunday?"], "route search reversed for the trip home", "find_airports_near_route",
         ["from_location": "LFAY", "to_location": "LFAT", "max_distance_nm": 10]),
        // The other tool's word with the country it needs is a question of its own, not a country filter.
        (["EGPD to ENZV, alternates within 25 nm"], "Norway rules", "browse_rules", ["country_code": "NO"]),
        // "comp" names the claim asked two questions back.
        (["swiss zrh-jfk 6h delay comp?", "dist LSZH KJFK"], "for comp, if it was emirates?", "eu261_compensation",
         ["airline": "emirates", "carrier_region": "other", "from": "ZRH", "delay_hours": 6]),
        // A flight pointed at with a word of what changed asks for its changes, not a switch to it.
        (["load ~/Briefings/lfpb-egtf.txt flight LFPB-EGTF", "load ~/Briefings/egtf-lfmd.txt flight EGTF-LFMD"], "changes on the other flight?",
         "briefing_changes", ["flight": "LFPB-EGTF"]),
        // A stop put into the route asked before another question, between two of its stops; a stop named
        // with a common word capitalised ("Fair Isle"); "stick X in after Y".
        (["navlog EDFE LFSB LSGG 290 kt", "LSGG customs?"], "navlog: insert LFGA between EDFE and LFSB", "nav_log",
         ["waypoints": .array(["EDFE", "LFGA", "LFSB", "LSGG"]), "tas_kts": 290]),
        (["navlog EGPE EGPA EGPB, 120 kt"], "add Fair Isle between EGPA and EGPB", "nav_log",
         ["waypoints": .array(["EGPE", "EGPA", "Fair Isle", "EGPB"]), "tas_kts": 120]),
        (["navlog LFBH LFBZ LESO LEVD, TAS 105"], "oh, stick Pau in after LFBZ", "nav_log",
         ["waypoints": .array(["LFBH", "LFBZ", "Pau", "LESO", "LEVD"]), "tas_kts": 105]),
        // Going back to a performance question keeps its own conditions, not a QNH stated since for another tool.
        (["Take-off roll for the C172S at Caernarfon, 20°C, 1050 kg", "Density altitude there with QNH 1011?"], "Back to the take-off roll with 950 kg",
         "takeoff_landing_performance", ["aircraft": "C172S", "icao": "Caernarfon", "temperature_c": 20, "weight": 950, "weight_unit": "kg", "phase": "takeoff"]),
        // A nav log for the last route keeps a stop the turn names on the way ("over", "via").
        (["How long from LOWI to LOIH with 100 kt?"], "Navlog for it, same speed, over Landeck, wind 240/12.", "nav_log",
         ["waypoints": .array(["LOWI", "Landeck", "LOIH"]), "tas_kts": 100, "wind": "240/12"]),
        (["distance Lelystad to Hasselt"], "and then further till Texel?", "calculate_flight_distance", ["from_location": "Hasselt", "to_location": "Texel"]),
        // A place corrected with a dash, with its role word repeated, or with a clause after it.
        (["flight time from LFBZ to LEVD at 105 kt please"], "sorry, not Valladolid — Salamanca", "calculate_flight_distance",
         ["from_location": "LFBZ", "to_location": "Salamanca", "cruise_speed_kts": 105]),
        (["how long is it from Kortrijk till Abbeville with the DR400?"], "sorry, not from Kortrijk, from Wevelgem I mean", "calculate_flight_distance",
         ["from_location": "Wevelgem", "to_location": "Abbeville", "aircraft_type": "DR40"]),
        (["How far is it from Zell am See to Bolzano with 100 kt?"], "not from Zell, from St. Johann.", "calculate_flight_distance",
         ["from_location": "St. Johann", "to_location": "Bolzano", "cruise_speed_kts": 100]),
        (["How far is Dublin from Caernarfon?"], "Not Dublin, EIWT — the little one at Leixlip", "calculate_flight_distance",
         ["from_location": "Caernarfon", "to_location": "EIWT"]),
        // A flight's name is kept as typed, and a word of it typed again points at it.
        (["Load ~/vluchten/texel-zaterdag.txt for flight Texel zaterdag"], "And ~/vluchten/texel-zondag.txt for flight Texel zondag", "import_briefing",
         ["path": "~/vluchten/texel-zondag.txt", "flight": "Texel zondag"]),
        (["Load ~/vluchten/texel-zaterdag.txt for flight Texel zaterdag", "And ~/vluchten/texel-zondag.txt for flight Texel zondag"], "Back to the zaterdag one",
         "select_flight", ["flight": "Texel zaterdag"]),
        // A turn opening with another tool's own word asks that tool, when the last question would only change its aircraft.
        (["ete egkb lfrg @170"], "wb sr22 me 85 pax 70 bags 15 fuel 60 gal", "weight_and_balance", [:]),
        (["dist EGKB>LFAT @ 140"], "specs pc-12?", "aircraft_type", ["designator": "PC-12"]),
        // The pilots' own words for weight and balance.
        (["ete egkb lfrg @170"], "and the massa en balans in it?", "weight_and_balance", [:]),
        // "hw 8" is a headwind; a short day before "instead" is that day.
        (["T/O perf C172S LEBL rwy 24R 28C", "xwind LEBL rwy 24R 300/14"], "perf: rwy 02 instead, hw 8", "takeoff_landing_performance",
         ["aircraft": "C172S", "icao": "LEBL", "runway": "02", "temperature_c": 28, "headwind_kt": 8]),
        (["customs lfrg sat notice?", "to dist g-xeco lfrg 24c"], "customs: sun instead", "get_notification_for_airport", ["icao": "LFRG", "day_of_week": "sunday"]),
        // "that one" in a type question points at the type asked about last.
        (["What is the type designator for a Piper Pawnee?"], "Wake category of that one?", "aircraft_type", ["designator": "Piper Pawnee"]),
        // A short change of the last question that the classifier reads as that tool's own question keeps the frame.
        (["EU261 for a 4h delay Madrid to JFK"], "the airline is american, non-EU", "eu261_compensation",
         ["from": "Madrid", "to": "JFK", "delay_hours": 4, "carrier_region": "other"]),
        (["Might you list airfields within 25 miles of Exeter?"], "Oh dear, I meant Salisbury, not Exeter.", "find_airports_near_location",
         ["location_query": "Salisbury", "max_distance_nm": 25]),
        (["crosswind at echo golf tango foxtrot runway two four wind two one zero at one two"], "what about runway zero six", "wind_components",
         ["icao": "EGTF", "runway": "06", "wind": "210/12"]),
        // An earlier question asked again with a change, after another came between; an airline named like an airport code.
        (["client: Lufthansa FRA-LIS 3h40 late, what's owed?", "dist FRA-LIS?"], "comp if it was TAP?", "eu261_compensation",
         ["from": "FRA", "to": "LIS", "delay_hours": 3.67, "airline": "TAP", "carrier_region": "eu"]),
        (["my Ryanair flight Praha to London was 4 hours late, compensation?"], "and return flight was cancelled day before", "eu261_compensation",
         ["from": "London", "to": "Praha", "cancelled": true, "notice_days": 1]),
        (["airports near Brussels with customs"], "only in France", "find_airports_near_location", ["filters": .object(["point_of_entry": true, "country": "FR"])]),
        (["airports near Brussels with customs"], "french ones only", "find_airports_near_location", ["filters": .object(["point_of_entry": true, "country": "FR"])]),
        (["airports near Brussels with customs"], "drop the customs filter", "find_airports_near_location", ["location_query": "Brussels"]),
        (["airports near Brussels"], "what about Antwerp instead of Brussels", "find_airports_near_location", ["location_query": "Antwerp"]),
        (["airports near Brussels"], "same for Linz", "find_airports_near_location", ["location_query": "Linz"]),
        (["airports between EGTF and LFAT"], "reverse it", "find_airports_near_route", ["from_location": "LFAT", "to_location": "EGTF"]),
        (["airports between EGTF and LFAT"], "leaving from Shoreham instead", "find_airports_near_route", ["from_location": "Shoreham", "to_location": "LFAT"]),
        (["tell me about LFAT"], "customs notice there on sunday?", "get_notification_for_airport", ["icao": "LFAT", "day_of_week": "sunday"]),
        (["tell me about LFAT"], "frequencies?", "get_airport_details", ["icao_code": "LFAT"]),
        (["density altitude at LFMD 30C QNH 1010"], "what if it's 35 degrees", "density_altitude", ["icao": "LFMD", "temperature_c": 35, "qnh_hpa": 1010]),
        (["crosswind EGTF rwy 24 wind 280/15"], "and runway 06?", "wind_components", ["runway": "06", "wind": "280/15"]),
        (["crosswind EGTF rwy 24 wind 280/15"], "gusting 25?", "wind_components", ["wind": "280/15G25"]),
        (["nav log EGTF LFAT at 110 kt"], "add wind 250/20", "nav_log", ["tas_kts": 110, "wind": "250/20"]),
        (["nav log EGTF LFAT at 110 kt"], "at 125 kt", "nav_log", ["tas_kts": 125]),
        (["notams for EGLL"], "LFPG", "notams_for_airport", ["icao": "LFPG"]),
        (["density altitude"], "LFMD", "density_altitude", ["icao": "LFMD"]),
        (["airports near Lyon with customs"], "Annecy?", "find_airports_near_location", ["location_query": "Annecy", "filters": .object(["point_of_entry": true])]),
        (["tell me about LOWZ"], "how far from LOWS?", "calculate_flight_distance", ["from_location": "LOWS", "to_location": "LOWZ"]),
        (["EU261 Vienna to Paris 4h delay on Austrian"], "and if it was Ryanair?", "eu261_compensation", ["carrier_region": "eu", "delay_hours": 4]),
        (["nav log EGTF LFAT LFRK at 110 kt"], "with 45 min reserve", "nav_log", ["reserve_minutes": 45, "tas_kts": 110]),
        (["airports near Strasbourg with a runway over 800 m"], "make it at least 1000 m instead", "find_airports_near_location", ["filters": .object(["min_runway_length_ft": 3281])]),
        (["airports near Strasbourg with a paved runway"], "any surface is fine", "find_airports_near_location", ["location_query": "Strasbourg", "filters": nil]),
        (["airports between Nantes and Rennes"], "how far is it?", "calculate_flight_distance", ["from_location": "Nantes", "to_location": "Rennes"]),
        // The same moves in the pilot's own language: phrases of the lexicon read first ("dans l'autre sens", "à la fin").
        (["airports between EGTF and LFMD with customs"], "und retour?", "find_airports_near_route", ["from_location": "LFMD", "to_location": "EGTF"]),
        (["airports between EGTF and LFMD with customs"], "dans l'autre sens", "find_airports_near_route", ["from_location": "LFMD", "to_location": "EGTF"]),
        (["nav log EGKA EGSC at 100 kt"], "ajoute EGMD à la fin", "nav_log", ["waypoints": .array(["EGKA", "EGSC", "EGMD"])]),
        (["airports near Annecy with a runway over 800 m"], "oublie le minimum", "find_airports_near_location", ["location_query": "Annecy", "filters": nil]),
        (["airports near Bern"], "zeig mir 8, nur Schweizer", "find_airports_near_location", ["max_results": 8, "filters": .object(["country": "CH"])]),
        (["airports near Annecy within 20 nm"], "uh scratch the twenty miles", "find_airports_near_location", ["max_distance_nm": nil]),
        // A place the question moves to: "round X" for around, "make it X", "X instead".
        (["airfields near Skipton with a hard runway"], "what about round Kendal instead", "find_airports_near_location", ["location_query": "Kendal", "filters": .object(["has_hard_runway": true])]),
        (["airfields near Avignon within 20 nm"], "make it Arles instead", "find_airports_near_location", ["location_query": "Arles", "max_distance_nm": 20]),
        // A runway belongs to its airport: another airport leaves it behind, the same airport keeps it.
        (["takeoff distance PA28 from LHTL, 30 degrees, runway 32"], "and landing at LHSK with same temperature", "takeoff_landing_performance",
         ["icao": "LHSK", "runway": nil, "temperature_c": 30, "phase": "landing"]),
        (["crosswind rwy 27 wind 300/20"], "that's at LFBH", "wind_components", ["icao": "LFBH", "runway": "27"]),
        (["weight and balance for the PA28, pilot 80 kg, fuel 100 l"], "no sorry I meant the c one seven two s", "weight_and_balance", ["aircraft": "C172S"]),
        // Thanks alone after a pasted report ask nothing of it.
        (["TAF EGLL 241100Z 2412/2518 24010KT 9999 SCT030"], "ok thx", nil, [:]),
        // "not" in the pilot's own language.
        (["densidad de altitud en LECU, 38 grados, QNH 1012"], "scusa, 37 non 38", "density_altitude", ["icao": "LECU", "temperature_c": 37, "qnh_hpa": 1012]),
        // A value judged too much, then the one that will do, in the unit the first was typed in.
        (["airports near Brasov with a runway over 800 m"], "800 m is too much, 600 is ok", "find_airports_near_location", ["filters": .object(["min_runway_length_ft": 1969])]),
        (["EGTF to LFMD airports, 2 hour legs"], "2 hours is too long, 1.5 is enough", "find_airports_near_route", ["max_leg_time_hours": 1.5]),
        (["TAF EGLL 121100Z 1212/1318 24012KT 9999 SCT035 TEMPO 1214/1218 7000 SHRA"], "when does the tempo end?", "decode_taf", [:]),
        // This round: polite turns, halves, alternatives, NOTAM references, the last leg, one end and the subject.
        (["Please could you show me any runway NOTAMs for EGLL?"], "Thank you. Could you show only the new ones?", "notams_for_airport",
         ["icao": "EGLL", "category": "runway", "only_new": true]),
        (["My SAS flight from Copenhagen to Nice arrived five hours late"], "And if it had been only two and a half hours late?", "eu261_compensation",
         ["delay_hours": 2.5, "airline": "SAS", "to": "Nice"]),
        (["ryanair stn to bva cancelled comp?"], "wat if 3h late instead", "eu261_compensation", ["delay_hours": 3, "cancelled": nil, "from": "STN"]),
        (["my flight Vienna to Paris was cancelled, what compensation?"], "they told me 10 days before", "eu261_compensation",
         ["notice_days": 10, "cancelled": true]),
        (["decode A0512/26 NOTAMN Q) LFRR/QMRLC/IV/NBO/A/000/999/4710N00137W005 A) LFRS B) 2607010600 C) 2607011200 E) RWY 03/21 CLSD"],
         "mark it read", "set_notam_status", ["notam_id": "A0512/26", "status": "read"]),
        (["Great-circle distance from LJLJ to LDPL."], "Produce a nav log for that leg at 108 kt TAS with wind 230/16.", "nav_log",
         ["waypoints": .array(["LJLJ", "LDPL"]), "tas_kts": 108]),
        (["Would you mind telling me the elevation of Gap-Tallard?"], "How far would that be from Bordeaux?", "calculate_flight_distance",
         ["from_location": "Bordeaux", "to_location": "Gap-Tallard"]),
        (["how far is it from Cambridge to Rotterdam"], "and instead of Rotterdam, Antwerp?", "calculate_flight_distance", ["to_location": "Antwerp"]),
        (["compare rules of France and Germany"], "add Belgium too", "compare_rules_between_countries", ["countries": .array(["FR", "DE", "BE"])]),
        (["airfields between LFPT and LSGG with customs and a paved runway"], "forget the customs, just paved", "find_airports_near_route",
         ["filters": .object(["has_hard_runway": true])]),
        (["I'd like to know which Czech airfields are on the way from Dresden to Brno."], "Would you mind removing the Czech-only restriction?",
         "find_airports_near_route", ["filters": nil, "to_location": "Brno"]),
        (["Takeoff distance for the C172S at LSZB at 20 °C."], "And with the PA28?", "takeoff_landing_performance", ["icao": "LSZB", "aircraft": "PA28"]),
        // A quantity is no place; a lone number changes the one value it fits.
        (["density altitude at LFMD 30C"], "and at 35?", "density_altitude", ["icao": "LFMD", "temperature_c": 35]),
        (["takeoff distance PA28 at LFHM at 20C"], "what if it's 30?", "takeoff_landing_performance", ["icao": "LFHM", "temperature_c": 30]),
        (["crosswind EGKA rwy 20 wind 240/15"], "what about 270/20", "wind_components", ["icao": "EGKA", "wind": "270/20"]),
        (["EU261 Paris to Rome 4h delay"], "and 2 hours?", "eu261_compensation", ["to": "Rome", "delay_hours": 2]),
        // Values replaced, dropped and exchanged; references that point back.
        (["customs notice for LFAT on sunday"], "any day actually", "get_notification_for_airport", ["icao": "LFAT", "day_of_week": nil]),
        (["compare rules of Great Britain and Ireland"], "swap Ireland for France", "compare_rules_between_countries", ["countries": .array(["GB", "FR"])]),
        (["rules for belgium"], "compare w netherlands", "compare_rules_between_countries", ["countries": .array(["BE", "NL"])]),
        (["tell me about LFLY"], "customs at this airport?", "get_airport_details", ["icao_code": "LFLY"]),
        (["airports near Groningen"], "and along the route from there to Bremen?", "find_airports_near_route",
         ["from_location": "Groningen", "to_location": "Bremen"]),
        (["airfields between LFBO and LEBL"], "in the other sense", "find_airports_near_route", ["from_location": "LEBL", "to_location": "LFBO"]),
        (["aerodromes near Toulouse with customs"], "not customs, instead with asphalt", "find_airports_near_location",
         ["filters": .object(["has_hard_runway": true])]),
        // Part of a wind, the other runway, a bare runway number, runways after other languages' "on".
        (["wind components EGTF runway 24 wind 270/15"], "no, 18 kt", "wind_components", ["runway": "24", "wind": "270/18"]),
        (["wind components EGTF runway 24 wind 270/15"], "from 300 now", "wind_components", ["wind": "300/15"]),
        (["takeoff distance at EGTK rwy 19 in the PA28 wind 210/10"], "crosswind on that runway if it gusts 20?", "wind_components",
         ["icao": "EGTK", "runway": "19", "wind": "210/10G20"]),
        (["xwind EGBJ rwy 26 wind 220/14"], "what about 21", "wind_components", ["runway": "21", "wind": "220/14"]),
        (["xwind EGBJ rwy 26 wind 220/14"], "and the other runway?", "wind_components", ["runway": "08"]),
        (["crosswind at LFMD rwy 17 wind 220/12"], "y en la 35?", "wind_components", ["runway": "35"]),
        (["Which runway should I use at LFLY with the wind 190/18?"], "The wind has backed to 150 at 12.", "wind_components", ["wind": "150/12"]),
        (["Compute the wind components at Le Puy with a wind of 340 degrees at 9 knots."], "Make that 340 at 19 knots, I misread the METAR.",
         "wind_components", ["wind": "340/19"]),
        // Lists: an item is a subject of its own; 'more about' is no request for more results; 'another 4'.
        (["airports near Annecy"], "tell me more about number 3", "get_airport_details", [:]),
        (["airports near Annecy"], "another 4 please", "find_airports_near_location", ["max_results": 9]),
        // "more" asks for more of the list only as a request, never in chatter.
        (["airports near Annecy"], "3 more please", "find_airports_near_location", ["max_results": 8]),
        (["airports near Annecy"], "show me more", "find_airports_near_location", ["max_results": 10]),
        (["airports near Annecy within 30 nm"], "20 nm then, the kids cant take more in the car", "find_airports_near_location",
         ["max_distance_nm": 20, "max_results": nil]),
        // A lower-case English word after "not", "the", "with" is no town of that name (Young, Normal).
        (["Fuel stops between Budaörs and Portorož, I fly 105 kt"], "make it 1,5 hour legs maximum, my back is not young any more",
         "find_airports_near_route", ["to_location": "Portorož", "max_leg_time_hours": 1.5]),
        (["what airports are close to Zermatt?"], "I mean the big ones with normal flights", "find_airports_near_location",
         ["location_query": "Zermatt", "include_large_airports": true]),
        (["search le bourget"], "and toussus", "search_airports", ["query": "toussus"]),
        (["Airports near Freiburg im Breisgau, radius 30 NM"], "Please the big airports also include", "find_airports_near_location",
         ["include_large_airports": true, "max_distance_nm": 30]),
        (["airports on the way Toussus to Biarritz"], "replace Biarritz by Pau, please", "find_airports_near_route", ["to_location": "Pau"]),
        // A place read to the end of the line ends where the name the data knows ends.
        ([], "fields nr 48.2 16.4 w avgas 15nm", "find_airports_near_location",
         ["location_query": "48.2 16.4", "max_distance_nm": 15]),
        // Danish and Norwegian dialogue words are data: customs, reverse, wind, again.
        (["airports near Odense"], "og med told", "find_airports_near_location", ["filters": .object(["point_of_entry": true])]),
        (["distance EKRK to EKOD at 110 kt"], "omvendt", "calculate_flight_distance", ["from_location": "EKOD", "to_location": "EKRK"]),
        (["wind components at EKRK rwy 22 wind 250/15"], "vind 270/20 igen", "wind_components", ["runway": "22", "wind": "270/20"]),
        // A name the data knows is the search's query, not the rest of the line.
        ([], "What is the ICAO code of the aerodrom in Tuzla?", "search_airports", ["query": "Tuzla"]),
        // A code typed in capitals is a waypoint of its own, never the end of a name before it.
        ([], "Nav log EGTC Kettering Huntingdon EGTC. TAS 120, W/V 250/18, 3500 ft", "nav_log",
         ["waypoints": .array(["EGTC", "Kettering", "Huntingdon", "EGTC"]), "tas_kts": 120]),
        // Nav log routes edited in place.
        (["nav log from EGKB via LFAC to LFQA, TAS 115"], "drop LFAC, go direct", "nav_log", ["waypoints": .array(["EGKB", "LFQA"]), "tas_kts": 115]),
        (["Plan the legs EHLE EHTE EDLE at 100 kt with 310/12 wind."], "Continue to EDTY after EDLE.", "nav_log",
         ["waypoints": .array(["EHLE", "EHTE", "EDLE", "EDTY"])]),
        // Profiles: values make a save, a list clears the name.
        (["save the PA28 profile as G-CKLM"], "with 1520 lb empty", "aircraft_profile",
         ["action": "save", "name": "G-CKLM", "empty_weight": 1520, "empty_weight_unit": "lb"]),
        (["delete profile G-ABCD"], "ok now list what's left", "aircraft_profile", ["action": "list", "name": nil]),
        // Performance shorthand; EU261 airline and corrections; rules topics; flights; units.
        (["to dist lfmd c172s 28c"], "at 1050kg", "takeoff_landing_performance", ["phase": "takeoff", "weight": 1050, "weight_unit": "kg"]),
        (["landing dist c172s lfpz 15c"], "both pls", "takeoff_landing_performance", ["phase": "both"]),
        (["I was delayed 6 hours flying from Vienna to New York. Am I owed compensation?"], "The airline was Austrian.", "eu261_compensation",
         ["airline": "Austrian", "carrier_region": "eu", "from": "Vienna"]),
        (["eu261 nice to oslo 4h delay"], "oops 1.5h not 4", "eu261_compensation", ["from": "nice", "to": "oslo", "delay_hours": 1.5]),
        (["is transponder mandatory in germany"], "what about night vfr there", "answer_rules_question", ["country_code": "DE"]),
        (["select flight EGTF-LFMD"], "switch to flight G-TWO", "select_flight", ["flight": "G-TWO"]),
        (["how far from Elstree to Cannes"], "in km?", "calculate_flight_distance", ["from_location": "Elstree", "to_location": "Cannes"]),
        (["da samedan 25c"], "crosswind rwy 21 there w 180/12", "wind_components", ["icao": "samedan", "runway": "21"]),
        (["what's the ICAO for Nice"], "Which frequencies do they use there?", "get_airport_details", ["icao_code": "Nice"]),
        // Scaled values, units named first, countries exchanged or corrected, compass winds, stops, components.
        (["airports near Dijon within 30 nm"], "double the radius", "find_airports_near_location", ["max_distance_nm": 60]),
        (["density altitude LFKS 28C 1012"], "and in fahrenheit 95?", "density_altitude", ["temperature_c": 35]),
        (["airports in Croatia"], "swap Croatia for Slovenia", "search_airports", ["query": "SI"]),
        (["compare the rules of the Netherlands, Belgium and Germany"], "no, not Belgium, I meant Denmark", "compare_rules_between_countries",
         ["countries": .array(["NL", "DK", "DE"])]),
        (["navlog egtk egsu 100kt"], "wind westerly 15kt", "nav_log", ["wind": "270/15", "tas_kts": 100]),
        (["nav log EGHH EGJJ at 100 kt"], "and go via Alderney", "nav_log", ["waypoints": .array(["EGHH", "Alderney", "EGJJ"])]),
        (["landing roll at Île d'Yeu in the C172S, 20C"], "headwind 10 kt", "takeoff_landing_performance", ["headwind_kt": 10]),
        (["Prepare a nav log EHLE – EHTE – EDLE at 95 knots."], "cruise altitude 4500 ft; the wind is 320/20.", "nav_log",
         ["altitude_ft": 4500, "wind": "320/20", "tas_kts": 95]),
        (["customs PPR at LFQA on saturday"], "no, I said Sunday, not Saturday", "get_notification_for_airport", ["day_of_week": "sunday"]),
        (["Airfields within 15 nm of Texel", "only paved ones"], "wait, the opposite: I want grass strips, not tarmac", "find_airports_near_location",
         ["filters": .object(["has_hard_runway": false])]),
        (["Show profile C172S."], "Save it as my club plane, F-GKQR.", "aircraft_profile", ["action": "save", "name": "F-GKQR", "from_profile": "C172S"]),
        // Other languages' "and for …?" and "near".
        (["airports near Lyon"], "et pour Annecy ?", "find_airports_near_location", ["location_query": "Annecy"]),
        (["airports near Lyon"], "y para Valencia?", "find_airports_near_location", ["location_query": "Valencia"]),
        (["aérodromes près de Ajaccio", "with procedures IFR"], "non, forget the IFR, but it must have jet A for the turboprop",
         "find_airports_near_location", ["location_query": "Ajaccio", "filters": .object(["has_jet_a": true])]),
        (["eu261 nice to oslo 4h delay"], "no wait 1.5h", "eu261_compensation", ["delay_hours": 1.5, "to": "oslo"]),
        // Earlier questions: adjusted after another came between, named as a thing, or gone back to.
        (["ryanair flight Dublin to Barcelona 5 hours late, compensation?", "how far is Dublin from Barcelona?"], "ok and what if the delay was only 3 hours?",
         "eu261_compensation", ["from": "Dublin", "to": "Barcelona", "delay_hours": 3, "airline": "ryanair"]),
        (["How much notice does Le Touquet want for customs?", "And what's the ICAO code for Le Touquet?"],
         "Going back to the customs question, what about on a Saturday?", "get_notification_for_airport", ["icao": "Le Touquet", "day_of_week": "saturday"]),
        (["How do the night VFR rules differ between France and the UK?", "Is night VFR allowed in Belgium at all?"], "Add Belgium to the comparison as well.",
         "compare_rules_between_countries", ["countries": .array(["FR", "GB", "BE"])]),
        (["nav log EGTK EGBK EGSC EGTK at 95 kt, 9 gph", "take-off distance at EGTK in the C172S, 15 °C"], "Back to the nav log: make it 105 knots.",
         "nav_log", ["tas_kts": 105, "waypoints": .array(["EGTK", "EGBK", "EGSC", "EGTK"])]),
        (["Swiss cancelled my Zurich-New York flight 5 days before"], "would it be different with 20 days notice?", "eu261_compensation",
         ["notice_days": 20, "cancelled": true]),
        // A follow-up inside chatter; country codes in capitals; corrections by name, unit or place.
        (["airports near Strasbourg within 30 nm"], "German side only, please - the wife wants to see the Black Forest.", "find_airports_near_location",
         ["location_query": "Strasbourg", "filters": .object(["country": "DE"])]),
        (["airports near LFMN"], "FR only", "find_airports_near_location", ["filters": .object(["country": "FR"])]),
        (["airfields near Briancon"], "sorry I meant Gap", "find_airports_near_location", ["location_query": "Gap"]),
        (["how far lfmd to lfkc", "and to lfkj"], "from nice instead", "calculate_flight_distance", ["from_location": "nice", "to_location": "LFKJ"]),
        (["landing distance C172S at Shoreham, 15 degrees, 29.74 inches"], "qnh is actually 1009 hpa, not 29.74", "takeoff_landing_performance",
         ["qnh_hpa": 1009, "altimeter_inhg": nil]),
        (["density altitude for 6500 ft elevation at 86F", "altimeter 30.12"], "what about at LSZS instead of 6500 ft", "density_altitude",
         ["icao": "LSZS", "elevation_ft": nil, "altimeter_inhg": 30.12]),
        (["nav log EGBJ EGHH at 100 kt, wind 240/12"], "Sorry, I meant 260 at 12 for the wind", "nav_log", ["wind": "260/12"]),
        // Options taken back, swapped, or carried to a new place.
        (["stops lfmd-lkpr max leg 2h", "@ 130kt"], "no leg limit", "find_airports_near_route", ["cruise_speed_kts": 130, "max_leg_time_hours": nil]),
        (["airports near Lugano including large ones"], "leave the big airports out again", "find_airports_near_location", ["include_large_airports": nil]),
        (["airports near Reims with customs"], "swap the customs filter for hard runway", "find_airports_near_location",
         ["filters": .object(["has_hard_runway": true])]),
        (["nav log EDTF EDTD EDNY at 100 kt"], "Add EDSB at the beginning, I start in Karlsruhe", "nav_log",
         ["waypoints": .array(["EDSB", "EDTF", "EDTD", "EDNY"])]),
        (["nav log EDTF EDTD EDNY at 100 kt"], "tack EGFH on the end", "nav_log", ["waypoints": .array(["EDTF", "EDTD", "EDNY", "EGFH"])]),
        (["density altitude at LOWI, 31 °C, QNH 1012"], "Density altitude with the same conditions at Samedan, please.", "density_altitude",
         ["icao": "Samedan", "temperature_c": 31, "qnh_hpa": 1012]),
        // Flights named by reference once briefings were imported (the files need not exist: the frame is what counts).
        (["import ~/b/mon.txt for flight ALPHA", "import ~/b/tue.txt for flight BRAVO", "import ~/b/wed.txt for flight CHARLIE"],
         "go back to the middle one", "select_flight", ["flight": "BRAVO"]),
        (["import ~/b/mon.txt for flight ALPHA", "import ~/b/tue.txt for flight BRAVO"], "back to the first one", "select_flight", ["flight": "ALPHA"]),
        // A flight's name of several words ends the line, before a courtesy; a name that is also a code is the flight in a changes question.
        (["Would you load the briefing ~/b/out.txt for flight Outbound Le Touquet, please?", "And the briefing ~/b/back.txt for flight Return Le Touquet."],
         "Would you switch back to the outbound one, please?", "select_flight", ["flight": "Outbound Le Touquet"]),
        (["import ~/b/out.txt for flight Caen out.", "import ~/b/back.txt for flight Caen back."], "Make the first one current again", "select_flight", ["flight": "Caen out"]),
        (["import ~/b/a.txt for flight IOM", "import ~/b/b.txt for flight Cork"], "what's changed on the IOM one since last time?", "briefing_changes", ["flight": "IOM"]),
        (["import ~/b/mon.txt for flight ALPHA", "import ~/b/tue.txt for flight BRAVO"], "switch to the other flight", "select_flight", ["flight": "ALPHA"]),
        (["import ~/b/mon.txt for flight ALPHA", "import ~/b/tue.txt for flight BRAVO", "use flight ALPHA"], "and back to tuesday's", "select_flight",
         ["flight": "BRAVO"]),
        (["import ~/b/x.txt for flight EGTF-LFAT", "import ~/b/y.txt for flight LFAT-LFRG"], "swap to the flight into Le Touquet", "select_flight",
         ["flight": "EGTF-LFAT"]),
        (["import ~/b/x.txt for flight EGTF-LFAT", "import ~/b/y.txt for flight LFAT-LFRG", "use flight EGTF-LFAT"], "back to the LFRG one",
         "select_flight", ["flight": "LFAT-LFRG"]),
        (["import ~/b/sat.txt for flight G-ONE", "import ~/b/sun.txt for flight G-TWO"], "anything changed on the saturday flight since last time?",
         "briefing_changes", ["flight": "G-ONE"]),
        (["load briefing ~/b/today.txt", "notams for EGKA"], "call that briefing flight SOUTH-1", "import_briefing",
         ["path": "~/b/today.txt", "flight": "SOUTH-1"]),
        (["import ~/b/a.txt for flight G-ONE"], "reload from ~/b/a2.txt, same flight", "import_briefing", ["path": "~/b/a2.txt", "flight": "G-ONE"]),
        (["import ~/b/a.txt for flight G-ONE", "import ~/b/b.txt for flight G-TWO", "what changed since the last briefing"],
         "same for flight G-ONE", "briefing_changes", ["flight": "G-ONE"]),
        (["mark A1234/26 read"], "make it ignored for all my flights", "set_notam_status", ["global": true]),
        // Back to the last list after questions about one airport, whatever its length; words of other languages.
        (["airports near Bolzano with customs", "tell me about LIPB"], "back to the Bolzano list, customs doesn't matter",
         "find_airports_near_location", ["location_query": "Bolzano", "filters": nil]),
        (["grass strips near Shaftesbury", "EGHS details"], "back to the strips, make it 25nm", "find_airports_near_location",
         ["max_distance_nm": 25, "filters": .object(["has_hard_runway": false])]),
        (["vliegvelden near Lelystad"], "alleen met verharde baan", "find_airports_near_location", ["filters": .object(["has_hard_runway": true])]),
        // A profile shown, deleted or listed after a save carries none of the saved values.
        (["save the PA28 profile as G-TEST, empty weight 1490 lb"], "now delete it again", "aircraft_profile",
         ["action": "delete", "name": "G-TEST", "empty_weight": nil, "empty_weight_unit": nil]),
        (["save the PA28 profile as G-TEST, empty weight 1490 lb", "arm 86.4 in"], "list all profiles", "aircraft_profile",
         ["action": "list", "name": nil, "empty_arm": nil]),
        (["wind components EGKB runway 21 wind 240/15"], "which rwy is best then", "wind_components", ["icao": "EGKB", "wind": "240/15", "runway": nil]),
        (["what is a PA28"], "and the Seminole?", "aircraft_type", ["designator": "Seminole"]),
        // A flight's own name as a word of a turn that switches ("back to leg 1" for LEG1).
        (["import ~/b/l1.txt for flight LEG1", "import ~/b/l2.txt for flight LEG2"], "switch back to leg 1", "select_flight", ["flight": "LEG1"]),
        (["import ~/b/l1.txt for flight LEG1", "import ~/b/l2.txt for flight LEG2", "use flight LEG1"], "ok go back to LEG2", "select_flight", ["flight": "LEG2"]),
        // A runway with its side letter needs no cue word; an L near fuel words is litres.
        (["crosswind at LFPG wind 250/15"], "and on the 27R please", "wind_components", ["runway": "27R"]),
        // An interjection before the opener does not hide the follow-up.
        (["crosswind runway 04 at LFOH wind 070 at 12"], "oh and gusting 22, is that a problem?", "wind_components", ["wind": "070/12G22", "runway": "04"]),
        // Weather words right after a pasted report ask about it; a live request or another place does not.
        (["TAF LFRB 141100Z 1412/1512 27010KT 9999 BKN025 TEMPO 1414/1418 SHRA BKN012"], "any thunderstorms later on?", "decode_taf", [:]),
        (["METAR LFRB 141130Z 27010KT 9999 BKN025 14/08 Q1012"], "and the ceiling?", "decode_metar", [:]),
        (["METAR LFRB 141130Z 27010KT 9999 BKN025 14/08 Q1012"], "will there be fog in Quimper tomorrow?", nil, [:]),
        // A stop put between two stops named by their towns edits the last route, not a new route search; spoken units.
        (["nav log LFMN LFKC LIRA at 150 kt"], "put Bastia in between Nice and Calvi", "nav_log",
         ["waypoints": .array(["LFMN", "Bastia", "LFKC", "LIRA"])]),
        (["nav log EGKA LFAT at 100 kt"], "fuel flow eight gallons an hour", "nav_log", ["fuel_flow": 8, "fuel_flow_unit": "usgal/h"]),
        // Briefings: codes inside a path are no airports; a new file drops the flight unless "same flight";
        // "without switching" is no switch.
        (["load ~/b/lfrs-lfbh.txt as flight F-HAAA", "notams for LFBH"], "got a newer file: ~/b/lfrs-lfbh-2.txt, same flight", "import_briefing",
         ["path": "~/b/lfrs-lfbh-2.txt", "flight": "F-HAAA"]),
        (["load ~/b/lfrs-lfbh.txt as flight F-HAAA", "notams for LFBH"], "reimport ~/b/lfrs-lfbh-2.txt", "import_briefing",
         ["path": "~/b/lfrs-lfbh-2.txt", "flight": nil]),
        (["import ~/b/out.txt for flight OUT-1", "import ~/b/back.txt for flight BACK-1", "use flight OUT-1"],
         "what changed in the return one, without switching?", "briefing_changes", ["flight": "BACK-1"]),
        // W&B: a load replaces its station's only; a passenger moved to the back or staying at home.
        (["W&B PA28 pilot 82 kg, passenger 64 kg, fuel 120 l"], "sorry passenger is 68 kg, not 64", "weight_and_balance",
         ["loads": .array([.object(["station": "pilot", "amount": 82, "unit": "kg"]), .object(["station": "passenger", "amount": 68, "unit": "kg"]),
                           .object(["station": "fuel", "amount": 120, "unit": "l"])])]),
        (["W&B PA28 pilot 82 kg, passenger 64 kg"], "and if the passenger sits in the rear?", "weight_and_balance",
         ["loads": .array([.object(["station": "pilot", "amount": 82, "unit": "kg"]), .object(["station": "rear passenger", "amount": 64, "unit": "kg"])])]),
        (["W&B PA28 pilot 82 kg, passenger 64 kg"], "what if the passenger stays at home", "weight_and_balance",
         ["loads": .array([.object(["station": "pilot", "amount": 82, "unit": "kg"])])]),
        // A clarifying question is not answered by a line that plainly asks another tool's question.
        (["takeoff distance for it at LFQA at 12 degrees"], "actually, weight and balance for the C152 please", "weight_and_balance", ["aircraft": "C152"]),
        // Route stops removed by code or by their town's name; the stop kept ("straight to X") stays.
        (["nav log LFMN LFKB LIRJ LIRA at 150 kt"], "skip Bastia, straight to Elba", "nav_log",
         ["waypoints": .array(["LFMN", "LIRJ", "LIRA"])]),
        (["nav log EGKA EGHI EGJB EGJJ at 110 kt"], "drop EGHI, direct EGJB", "nav_log", ["waypoints": .array(["EGKA", "EGJB", "EGJJ"])]),
        // A profile saved, then its values stated or corrected in the following turns.
        (["show profile C172S", "save it as G-WXYZ"], "oh and the empty weight written on the form is 1702 lb", "aircraft_profile",
         ["action": "save", "name": "G-WXYZ", "from_profile": "C172S", "empty_weight": 1702, "empty_weight_unit": "lb"]),
        (["save the C172S profile as G-WXYZ with empty weight 1702 lb"], "sorry, 1720 lb", "aircraft_profile",
         ["action": "save", "name": "G-WXYZ", "empty_weight": 1720]),
        (["save the C172S profile as G-WXYZ with empty weight 780 kg"], "not 780, 787 kg", "aircraft_profile",
         ["action": "save", "name": "G-WXYZ", "empty_weight": 787, "empty_weight_unit": "kg"]),
        // A negation reaches over one word, never over another filter's phrase.
        (["airfields near Lleida with customs"], "no customs, avgas instead", "find_airports_near_location",
         ["filters": .object(["has_avgas": true])]),
        // Corrections: the number meant typed before the rejected one; "X was wrong, it was Y"; an aviation term is no airport.
        (["takeoff distance C172S at LFLB 25C QNH 1016"], "oops I meant 1006 for the QNH, not 1016", "takeoff_landing_performance",
         ["icao": "LFLB", "qnh_hpa": 1006, "temperature_c": 25]),
        (["Vueling cancelled my Barcelona to Rome flight, told us 9 days before"], "the 9 was wrong, it was 4", "eu261_compensation",
         ["notice_days": 4, "from": "Barcelona"]),
        (["what is a PA28"], "and the ATR 42?", "aircraft_type", ["designator": "ATR 42"]),
        (["what's a Tecnam P2006T"], "and the P2010?", "aircraft_type", ["designator": "P2010"]),
        (["tow plane DA at LSZF 28 degrees", "takeoff distance PA18 there"], "and the C182?", "takeoff_landing_performance",
         ["aircraft": "C182", "icao": "LSZF", "temperature_c": 28]),
        (["save the PA28 profile as G-TEST, empty weight 1490 lb"], "arm 86.4 in", "aircraft_profile", ["empty_weight": 1490, "empty_arm": 86.4]),
        (["airports near Lyon within 30 nm"], "make it fifty", "find_airports_near_location", ["max_distance_nm": 50, "location_query": "Lyon"]),
        // Earlier questions of the same tool by order; the return leg; the last claim's airline.
        (["what is a DA40", "and the PA28?"], "the first one I asked about, how fast is it", "aircraft_type", ["designator": "DA40"]),
        // An ordinal standing alone after an article is a pronoun ("el segundo, …"); without one it is no reference.
        (["what is a SR22", "and a TB20?", "and a M20P"], "y el segundo, cuántos motores?", "aircraft_type", ["designator": "TB20"]),
        (["what is a SR22", "and a TB20?"], "quantos motores tem o primeiro?", "aircraft_type", ["designator": "SR22"]),
        // A type named after "of a" ends where the table's name ends when only chatter follows; capitalised words stay in the name.
        ([], "whats the wake category of a c152 ngl i dont get wake stuff", "aircraft_type", ["designator": "C152"]),
        ([], "What's the ICAO designator for a de Havilland Tiger Moth?", "aircraft_type", ["designator": "de Havilland Tiger Moth"]),
        // A one-digit model with its hyphen is an aircraft ("PC-6"); "the types" names the earlier type questions.
        ([], "weight and balance for the PC-6", "weight_and_balance", ["aircraft": "PC-6"]),
        (["what kind of aircraft is a PA25?", "W&B for D-EFUX"], "back to the types: the Super Cub?", "aircraft_type", ["designator": "Super Cub"]),
        // A NOTAM pasted without its Q) line is still a pasted NOTAM (the parser then names the missing item).
        (["any airspace notams at EHTE"], "decode (A0987/26 NOTAMN A) EHTE B) 2606170800 C) 2606171900 E) PJE WI 2NM RADIUS TEUGE AD SFC-FL150)",
         "parse_notams", [:]),
        // Structured shorthand: keys with "=" or "<=" read as words, an arrow as "to"; a unit right after an altimeter setting.
        ([], "perf ac=C172S apt=EDTY rwy=23 oat=31C qnh=1009 wt=2400lb phase=to", "takeoff_landing_performance",
         ["aircraft": "C172S", "icao": "EDTY", "runway": "23", "temperature_c": 31, "qnh_hpa": 1009, "weight": 2400, "weight_unit": "lb", "phase": "takeoff"]),
        ([], "route EDFE->LFSB; corridor=10nm; leg<=1.5h; filter=avgas", "find_airports_near_route",
         ["from_location": "EDFE", "to_location": "LFSB", "max_distance_nm": 10, "max_leg_time_hours": 1.5, "filters": .object(["has_avgas": true])]),
        ([], "DA: elev=1620ft; oat=30C; altim=29.85inHg", "density_altitude", ["elevation_ft": 1620, "temperature_c": 30, "altimeter_inhg": 29.85]),
        // In a dialogue about countries, a country's code typed in lower case is that country.
        (["rules de vs nl diff?"], "add ch too", "compare_rules_between_countries", ["countries": .array(["DE", "NL", "CH"])]),
        // Passengers taken out by who they are ("the kids stay home", "drop the lads"): the load in the back goes.
        (["weight and balance C172S: pilot 85 kg, passenger 78 kg, back seat 60 kg, fuel 140 l"], "what if the kids stay at home?", "weight_and_balance",
         ["aircraft": "C172S", "loads": .array([.object(["amount": 85, "station": "pilot", "unit": "kg"]), .object(["amount": 78, "station": "passenger", "unit": "kg"]),
                                               .object(["amount": 140, "station": "fuel", "unit": "l"])])]),
        // A line that opens by naming an earlier question adjusts that question's frame; a name that is a value sets it;
        // a command before the name is no name ("scrap that profile"); a new place with no word of going back asks afresh.
        (["airfields near Kassel, 40 NM", "elevation EDVK?"], "Kassel list: cut to 30 km.", "find_airports_near_location",
         ["location_query": "Kassel", "max_distance_nm": 16.2]),
        (["DA at LFNA 30C QNH 1012", "how far LFNA to LFMD"], "DA again — 38 degrees", "density_altitude",
         ["icao": "LFNA", "temperature_c": 38, "qnh_hpa": 1012]),
        (["takeoff roll C172S at EGKH 24C", "and the landing roll"], "ok back to the takeoff, rwy 28 with wind 250/12", "takeoff_landing_performance",
         ["aircraft": "C172S", "icao": "EGKH", "temperature_c": 24, "phase": "takeoff", "runway": "28", "wind": "250/12"]),
        (["save the PA28 profile as G-OWNR with empty weight 1532 lb"], "scrap that profile, the reweigh is next week", "aircraft_profile",
         ["action": "delete", "name": "G-OWNR"]),
        (["density altitude at LFMD 30C"], "Density altitude: LFMC 25C", "density_altitude", ["icao": "LFMC", "temperature_c": 25]),
        // "not X, Y": a correction with no verb of meaning.
        (["Iberia Barcelona to Paris 3h late", "what if it was to Nice"], "sorry, not Nice, Marseille", "eu261_compensation",
         ["from": "Barcelona", "to": "Marseille", "delay_hours": 3, "airline": "Iberia", "carrier_region": "eu"]),
        // After a claim the dialogue awaits an airline: one named alone replaces it; the one rejected ("not Iberia") is not it.
        (["delayed 4h Stansted to Dublin with Ryanair, compensation?"], "Aer Lingus actually", "eu261_compensation",
         ["from": "Stansted", "to": "Dublin", "delay_hours": 4, "airline": "Aer Lingus", "carrier_region": "eu"]),
        (["delayed 4h Stansted to Dublin with Ryanair, compensation?"], "no, sorry, it was Air Europa, not Iberia", "eu261_compensation",
         ["from": "Stansted", "to": "Dublin", "delay_hours": 4, "airline": "Air Europa", "carrier_region": "eu"]),
        // Profile values: a comma after the name, the weight before it, "BEW"; "my apologies" with a value is no listing.
        (["save the C172S as G-ABCD, empty weight, 1,663 lb"], "sorry, 1,683 lb the empty weight, not 1,663", "aircraft_profile",
         ["action": "save", "name": "G-ABCD", "from_profile": "C172S", "empty_weight": 1683, "empty_weight_unit": "lb"]),
        ([], "BEW 1,663 lb, arm 39.4 in, save the C172S as G-OPST with those", "aircraft_profile",
         ["action": "save", "name": "G-OPST", "from_profile": "C172S", "empty_weight": 1663, "empty_weight_unit": "lb", "empty_arm": 39.4, "empty_arm_unit": "in"]),
        (["save the PA28 as G-ABCD with empty weight 1,402 lb"], "My apologies; the weighing report gives 1,412 lb, not 1,402.", "aircraft_profile",
         ["action": "save", "name": "G-ABCD", "from_profile": "PA28", "empty_weight": 1412, "empty_weight_unit": "lb"]),
        // "back to the list" in the pilot's language, after a look at one airport of it; "near" in other languages.
        (["aerodromes near Coimbra, paved, max 5", "with lights", "details of LPCO"], "volta à lista e tira o asfalto", "find_airports_near_location",
         ["location_query": "Coimbra", "max_results": 5, "filters": .object(["has_lighted_runway": true])]),
        ([], "aeródromos perto de Coimbra", "find_airports_near_location", ["location_query": "Coimbra"]),
        ([], "flugplätze in der Nähe von Freiburg", "find_airports_near_location", ["location_query": "Freiburg"]),
        // "back to the first airport" after a planning sum at two airports: that airport, with the values stated since.
        (["density altitude at LFLB, 30 degrees, QNH 1012", "and at LFLS", "and at 34 degrees"], "back to the first airport with that",
         "density_altitude", ["icao": "LFLB", "temperature_c": 34, "qnh_hpa": 1012]),
        (["save the PA28 profile as G-ONE, empty weight 1490 lb", "same for G-TWO, 1510 lb"], "show me the first one", "aircraft_profile",
         ["action": "show", "name": "G-ONE"]),
        (["easyJet Geneva to Porto, 4 hours late", "the return Porto to Geneva was cancelled 3 days before"], "and if Swiss had operated the return?",
         "eu261_compensation", ["from": "Porto", "to": "Geneva", "airline": "Swiss"]),
        (["easyJet Geneva to Porto, 4 hours late", "the return Porto to Geneva was cancelled 3 days before"],
         "the first flight, the outbound one, what if it was 6 hours?", "eu261_compensation", ["from": "Geneva", "to": "Porto", "delay_hours": 6, "airline": "easyJet"]),
        // Two countries compared by pointing back; "their" typed for "there"; another tool's words when nothing would change.
        (["is a transponder required in Austria for VFR?", "and in Italy?"], "wat is the difference between those two", "compare_rules_between_countries",
         ["countries": .array(["AT", "IT"])]),
        (["can I fly VFR at night in Spain"], "is a flight plan needed their", "answer_rules_question", ["country_code": "ES"]),
        (["can I land on a glacier in Austria with a PPL"], "show me all their rules then", "browse_rules", ["country_code": "AT"]),
        (["hoe ver EHAM to EDDK"], "with 110 kt?", "calculate_flight_distance", ["from_location": "EHAM", "to_location": "EDDK", "cruise_speed_kts": 110]),
        // After a pasted report, "it" is the report, not the place talked about before.
        (["how far EHAM to EHRD", "TAF EHRD 141100Z 1412/1512 22015KT 9999 SCT030 TEMPO 1418/1424 3000 RA BKN012"], "how is it at 20z", "decode_taf", [:]),
        // "there" after a pasted report is its station; a further question about the report stays on it.
        (["LFRN 121030Z 26012KT 9999 FEW040 22/09 Q1016"], "xwind rwy 28 there?", "wind_components", ["icao": "LFRN", "runway": "28"]),
        (["LFRN 121030Z 26012KT 9999 FEW040 22/09 Q1016"], "what's the cloud base there", "decode_metar", [:]),
        // A follow-up naming both ends, destination first; after single-airport questions, the last route question.
        (["how far is Munich from Innsbruck"], "and Graz from Innsbruck?", "calculate_flight_distance", ["from_location": "Innsbruck", "to_location": "Graz"]),
        (["how far is Munich from Innsbruck", "tell me about LOWI"], "and Graz from Linz?", "calculate_flight_distance", ["from_location": "Linz", "to_location": "Graz"]),
        // Texting shorthand.
        (["save the PA28 profile as G-TEST, empty weight 1490 lb"], "del it", "aircraft_profile", ["action": "delete", "name": "G-TEST"]),
        // Taking back: a radius or count named while clearing; a cue clause naming nothing clears what the other names; widening.
        (["airports near Rennes, paved", "within 25 nm"], "and customs as well, but forget the 25 nm", "find_airports_near_location",
         ["max_distance_nm": nil, "filters": .object(["has_hard_runway": true, "point_of_entry": true])]),
        (["airports near Rennes, paved, customs", "show 6"], "scrap the customs and the 6, keep the rest", "find_airports_near_location",
         ["max_results": nil, "filters": .object(["has_hard_runway": true])]),
        (["airfields between Exeter and Caen, paved, customs"], "paved isn't essential, drop it", "find_airports_near_route",
         ["filters": .object(["point_of_entry": true])]),
        (["airfields near Tours", "grass only"], "grass or paved, doesn't matter", "find_airports_near_location", ["filters": nil]),
        (["grass fields near Tours"], "hard runways are ok too", "find_airports_near_location", ["filters": nil]),
        // Flights by leg, by day number, by an owner's or town's word; "current" switches.
        (["import ~/b/trip-out.txt for flight G-ABCD-A", "import ~/b/trip-home.txt for flight G-ABCD-B", "notams for EGKA"],
         "switch to the outbound flight", "select_flight", ["flight": "G-ABCD-A"]),
        (["import ~/b/one.txt for flight TOUR-X", "import ~/b/two.txt for flight TOUR-Y", "notams for EGKA"],
         "what's changed on the return flight since last time?", "briefing_changes", ["flight": "TOUR-Y"]),
        (["import ~/b/a.txt for flight RALLY-D1", "import ~/b/b.txt for flight RALLY-D2", "notams for LFRG"],
         "and the diff for day two?", "briefing_changes", ["flight": "RALLY-D2"]),
        (["import ~/b/a.txt for flight ANNA-CAEN", "import ~/b/b.txt for flight TOM-JERSEY"], "make Anna's flight the current one again",
         "select_flight", ["flight": "ANNA-CAEN"]),
        (["import ~/b/x.txt for flight EGTF-LFAT", "import ~/b/y.txt for flight EGTF-EBOS", "what changed since last time"],
         "and for the Ostend one?", "briefing_changes", ["flight": "EGTF-EBOS"]),
        (["import ~/b/x.txt for flight EGTF-LFAT", "notams for EGTF"], "and for LFAT?", "notams_for_airport", ["icao": "LFAT", "flight": nil]),
        // Back to an earlier place of the conversation, or to an earlier question named by its words.
        (["how far is Brest from Exeter", "at 110 kt", "and from Plymouth"], "back to Exeter, but in a Cessna 182", "calculate_flight_distance",
         ["from_location": "Exeter", "to_location": "Brest", "aircraft_type": "C182", "cruise_speed_kts": nil]),
        (["airports near Girona", "and near Perpignan"], "back to Girona, only 4", "find_airports_near_location", ["location_query": "Girona", "max_results": 4]),
        (["customs notice at LFSB", "tell me about LFSB", "distance LFSB to LIPB"], "back to customs: what about Sunday?", "get_notification_for_airport",
         ["icao": "LFSB", "day_of_week": "sunday"]),
        // A corrected load amount, by its station when two loads share the amount.
        (["w&b C172S, pilot 85 kg, pax 85 kg, fuel 40 l"], "no, the pax is 92 not 85", "weight_and_balance",
         ["loads": .array([.object(["amount": 85, "station": "pilot", "unit": "kg"]), .object(["amount": 92, "station": "pax", "unit": "kg"]),
                           .object(["amount": 40, "station": "fuel", "unit": "l"])])]),
        // Two countries are no route.
        (["airports near route EGTF LFMD with customs", "do I need a flight plan to cross into Switzerland?"], "how do VFR rules differ between Italy and Austria", "compare_rules_between_countries",
         ["countries": .array(["IT", "AT"])]),
        // A country restricting the last list (shown last or before a look at one of its airports).
        (["which airports are near Basel"], "which of them are in Germany", "find_airports_near_location",
         ["location_query": "Basel", "filters": .object(["country": "DE"])]),
        (["airports near Strasbourg within 40 nm", "the first one details"], "the list only France please, not Germany", "find_airports_near_location",
         ["location_query": "Strasbourg", "filters": .object(["country": "FR"])]),
        (["airports near Geneva within 30 nm"], "only the French side of the border please", "find_airports_near_location",
         ["filters": .object(["country": "FR"])]),
        // A wind "on the nose" is a headwind, and its figure no temperature.
        (["takeoff distance C172S at EGKA 18 C"], "with 12 kt on the nose", "takeoff_landing_performance", ["headwind_kt": 12, "temperature_c": 18]),
        // Profile values: "empty 1650 lb"; values pointed at the profile just saved are added to it.
        (["show profile C172S"], "copy it as G-COPY, empty 1650 lb, arm 39.4 in", "aircraft_profile", ["name": "G-COPY", "empty_weight": 1650, "empty_weight_unit": "lb"]),
        (["show profile C172S", "save it as G-BSKY"], "oh, and put empty weight 1663 lb on it", "aircraft_profile",
         ["action": "save", "name": "G-BSKY", "from_profile": "C172S", "empty_weight": 1663]),
        // Out-of-scope phrases written with an apostrophe match the folded turn.
        (["easyJet Gatwick to Malaga 4 hours late, can we claim?"], "what's the weather like in Malaga today?", nil, [:]),
        // Thanks after a name searched again is no part of it; names that are also courtesy words stay.
        (["what's the code for Cork"], "and Shannon? thx", "search_airports", ["query": "Shannon"]),
        (["what's the code for Cork"], "and Great Yarmouth", "search_airports", ["query": "Great Yarmouth"]),
        // "only what's new" after NOTAMs restricts them; "not just new" takes it back.
        (["runway notams for EGKA"], "only what's new since the last pack", "notams_for_airport", ["icao": "EGKA", "category": "runway", "only_new": true]),
        (["new notams at EGKA only"], "all of them please, not just new", "notams_for_airport", ["icao": "EGKA", "only_new": nil]),
        (["Ryanair Dublin to Rome 5 hours late"], "my brother flew Rome to Dublin with them, 4 hours late", "eu261_compensation",
         ["airline": "Ryanair", "from": "Rome", "to": "Dublin", "delay_hours": 4]),
        // "at that same speed" takes the speed of an earlier question, across another tool's turn.
        (["how far EBAW to EHRD at 110 kt", "customs at EHRD on sunday"], "and from EHRD to EHTX at that same speed?", "calculate_flight_distance",
         ["from_location": "EHRD", "to_location": "EHTX", "cruise_speed_kts": 110]),
        (["nav log EBAW EHRD, TAS 95 kt, 25 l/h"], "distance EHRD to EHTX, same speed", "calculate_flight_distance",
         ["from_location": "EHRD", "to_location": "EHTX", "cruise_speed_kts": 95]),
        (["Dichtehöhe LOWI, 24 Grad, QNH 1015"], "und bei 30 Grad?", "density_altitude", ["icao": "LOWI", "temperature_c": 30, "qnh_hpa": 1015]),
        (["Flugplätze bei Salzburg mit Zoll"], "nicht Zoll, sondern beleuchtete Piste", "find_airports_near_location",
         ["location_query": "Salzburg", "filters": .object(["has_lighted_runway": true])]),
        // A component said back is no wind; a number corrected mid-sentence.
        (["wind 240 at 16 kt, crosswind for runway 20 at EGKA"], "so that is 8 kt crosswind? and if the wind is 22 kt?", "wind_components",
         ["icao": "EGKA", "runway": "20", "wind": "240/22"]),
        (["wind 240 at 16 kt, crosswind for runway 20 at EGKA"], "hang on, it's 260 not 240, so what do I get?", "wind_components",
         ["icao": "EGKA", "runway": "20", "wind": "260/16"]),
        (["takeoff distance C172S at LFAT, 22 deg"], "and on grss?", "takeoff_landing_performance", ["icao": "LFAT", "surface": "grass"]),
        (["nav log LFAT LFOP, TAS 100"], "resrve 45min", "nav_log", ["reserve_minutes": 45]),
        // "the trip home" reverses a claim; after a claim for the way back (codes then names), the return stays.
        (["Vueling Barcelona to Gatwick, 3 hours late"], "and the trip home was 4 hours late", "eu261_compensation",
         ["from": "Gatwick", "to": "Barcelona", "delay_hours": 4]),
        (["BA LGW to BCN 4 hour delay", "the return Barcelona to Gatwick was 5h late"], "what if that return one had been cancelled", "eu261_compensation",
         ["from": "Barcelona", "to": "Gatwick", "cancelled": true]),
        // Consecutive legs make one nav log; "onwards to" is the next leg.
        (["distance EGTF to LFAT", "and LFAT to LFRG"], "nav log for the two legs at 100 kt", "nav_log",
         ["waypoints": .array(["EGTF", "LFAT", "LFRG"]), "tas_kts": 100]),
        (["how far from EGKA to LFAT at 100 kt"], "then onwards to LFRG", "calculate_flight_distance", ["from_location": "LFAT", "to_location": "LFRG"]),
        // A day of the week after a tool that reads none asks the customs notice.
        (["tell me about LFAT"], "and if I arrive at Calais on saturday?", "get_notification_for_airport", ["icao": "Calais", "day_of_week": "saturday"]),
        (["is a flight plan needed to fly into Spain?", "and into Italy?"], "compare the two", "compare_rules_between_countries",
         ["countries": .array(["ES", "IT"])]),
        (["airports near Basel"], "make it Swiss ones", "find_airports_near_location", ["location_query": "Basel", "filters": .object(["country": "CH"])]),
        (["airports near Gorizia"], "IT only", "find_airports_near_location", ["location_query": "Gorizia", "filters": .object(["country": "IT"])]),
        (["customs notice at LFAT on sunday", "and at LFAC?"], "back to the first one, but on saturday", "get_notification_for_airport",
         ["icao": "LFAT", "day_of_week": "saturday"]),
        (["paved airfields near Gorizia"], "grass is fine too", "find_airports_near_location", ["location_query": "Gorizia", "filters": nil]),
        // A short turn after a question about flights points at a flight without a switching word.
        (["import ~/b/mon.txt for flight ALPHA", "import ~/b/tue.txt for flight BRAVO", "use flight ALPHA"], "hmm, the second one", "select_flight",
         ["flight": "BRAVO"]),
        (["import ~/b/out.txt for flight TRIP-OUT", "import ~/b/home.txt for flight TRIP-HOME"], "show me the outbound again", "select_flight",
         ["flight": "TRIP-OUT"]),
        (["import ~/b/mon.txt for flight ALPHA", "import ~/b/tue.txt for flight BRAVO", "use flight ALPHA"], "what's new on the other one",
         "briefing_changes", ["flight": "BRAVO"]),
        // "the one I just saved" is the profile saved last; a profile shown is the aircraft in use.
        (["save the C172S profile as D-EABC with empty weight 1650 lb", "list my profiles"], "show me the one I saved", "aircraft_profile",
         ["action": "show", "name": "D-EABC"]),
        (["show profile C172S"], "weight and balance for it please", "weight_and_balance", ["aircraft": "C172S"]),
        // A correction of a number the frame holds, each number with its unit, in a long sentence.
        (["takeoff distance C172S at LFAT, 28 C, 2400 lb"], "correction on the weight: it's 2450 lb, not 2400 lb.", "takeoff_landing_performance",
         ["icao": "LFAT", "temperature_c": 28, "weight": 2450]),
        (["airports along EGKB LFAT with customs, we cruise at 105"], "hmm we cruise 112 not 105", "find_airports_near_route",
         ["from_location": "EGKB", "to_location": "LFAT", "cruise_speed_kts": 112]),
        // A lone number two values could take goes to the one the last turn changed.
        (["airfields near Gorizia", "within 25 nm", "show 10"], "cut it to 4", "find_airports_near_location",
         ["location_query": "Gorizia", "max_distance_nm": 25, "max_results": 4]),
        (["airfields near Gorizia", "show 10", "within 25 nm"], "make it 40", "find_airports_near_location",
         ["location_query": "Gorizia", "max_distance_nm": 40, "max_results": 10]),
        // A bare "min"/"max" beside a length is a runway bound; the big airports named with "out" are left out.
        (["airports near Basel with customs"], "1800 m min", "find_airports_near_location",
         ["location_query": "Basel", "filters": .object(["point_of_entry": true, "min_runway_length_ft": 5906])]),
        (["airports near Basel incl. large airports"], "put the big ones back out", "find_airports_near_location",
         ["location_query": "Basel", "include_large_airports": nil]),
    ]

    @Test("follow-ups merge into the last frame", arguments: 0..<followUps.count)
    func followUp(_ i: Int) throws {
        let f = Self.followUps[i]
        let session = Session(environment: try Fixtures.environment(), options: SessionOptions())
        for h in f.history { _ = session.handle(h) }
        let c = session.environment.backend.classify(f.input, context: session.context)
        #expect(c.tool == f.tool, "\(f.history) → \(f.input): \(c.trace.joined(separator: " | "))")
        for (k, v) in f.arguments { #expect(c.arguments[k] == v, "\(f.input): \(k) = \(c.arguments[k]?.jsonText() ?? "nothing")") }
    }

    @Test("/clear forgets the dialogue state")
    func clear() throws {
        let session = Session(environment: try Fixtures.environment(), options: SessionOptions())
        _ = session.handle("airports near Brussels with customs")
        _ = session.handle("/clear")
        #expect(session.context == ConversationContext())
        #expect(session.environment.backend.classify("only in France", context: session.context).arguments["location_query"] == nil)
    }

    @Test("a missing value is a clarifying question in the JSON contract")
    func clarify() throws {
        let session = Session(environment: try Fixtures.environment(), options: SessionOptions(json: true))
        let out = session.handle("density altitude").output
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(out.utf8))
        #expect(json["tool"] == "density_altitude")
        #expect(json["error"] == .null)
        #expect(json["clarify"]?["missing"]?.arrayValue?.contains("icao") == true)
        #expect(session.context.pending?.tool == "density_altitude")
    }
}
