# Domains: tower/mobile crane lift log (construction site), marina visitor berth bookings, temporary event notices (council licensing), non-emergency patient transport journeys, compressed-air leak tags (factory maintenance).
# Tables of the forty-sixth corpus (seeded); standard library only.
import random, csv, datetime as dt
random.seed(46046)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# ---------------------------------------------------------------- crane lifts
# One row per planned lift on a city-centre build; three cranes.
cranes = {"TC1": (6.0, 55), "TC2": (8.0, 60), "MOB1": (12.0, 30)}  # (SWL at 10 m, max radius)
loads = [("Rebar bundle", 1.2, 2.8), ("Formwork panel", 0.6, 1.8), ("Precast stair", 3.0, 5.5),
         ("Steel beam", 1.5, 4.5), ("Skip", 0.8, 2.2), ("Glazing stillage", 1.0, 2.4),
         ("MEP riser module", 2.0, 4.0), ("Blockwork pallets", 0.9, 1.6)]
load_w = [19, 14, 5, 9, 11, 6, 4, 10]
slingers = ["Kev Doyle", "Marta Nowak", "Sunil Patel", "Gaz Hughes", "Ifeoma Obi"]
aps = ["JR", "PM", "DK"]
rows = []
start = dt.date(2025, 3, 3)
n = 0
for i in range(310):
    d = start + dt.timedelta(days=random.randint(0, 90))
    while d.weekday() >= 5:
        d += dt.timedelta(days=1)
    crane = random.choices(list(cranes), weights=[40, 45, 15])[0]
    desc, lo, hi = random.choices(loads, weights=load_w)[0]
    t = round(random.uniform(lo, hi), 2)
    swl10, rmax = cranes[crane]
    radius = round(random.uniform(8, rmax), 1)
    swl = round(swl10 * 10 / max(radius, 10) * (1.0 if crane != "MOB1" else 1.4), 2)
    if t > swl * 0.98:
        radius = round(random.uniform(8, 14), 1)
        swl = round(swl10 * 10 / max(radius, 10) * (1.0 if crane != "MOB1" else 1.4), 2)
        t = min(t, round(swl * random.uniform(0.6, 0.97), 2))
    util = round(t / swl * 100, 1)
    wind = round(max(0.5, random.gauss(7.5, 3.5)), 1)
    cat = "CPX" if (desc in ("Precast stair", "MEP riser module", "Glazing stillage") and random.random() < 0.6) or util > 90 else "RTN"
    if wind > 13.0:
        status = "WIND"
    elif random.random() < 0.05:
        status = "ABND"
    else:
        status = "DONE"
    mins = ""
    if status == "DONE":
        mins = int(random.uniform(6, 20) + (15 if cat == "CPX" else 0) + radius * 0.2 + random.randint(0, 8))
    elif status == "ABND":
        mins = random.randint(3, 15)
    wind_txt = "" if status == "DONE" and crane == "MOB1" and random.random() < 0.3 else wind
    hh = random.randint(7, 16)
    mm = random.choice([0, 10, 15, 20, 30, 40, 45, 50])
    note = ""
    if status == "WIND":
        note = random.choice(["Anemometer alarm - stood down", "Gusting over limit, AP stopped lift", "stood down wind"])
    elif status == "ABND":
        note = random.choice(["Load not slung correctly, re-planned", "Exclusion zone breached", "Wrong lifting accessories on site", "Delivery wagon left before offload"])
    elif random.random() < 0.08:
        note = random.choice(["Tag lines used", "Banksman changed mid lift", "Blind lift - radio only", "Second slinger at landing"])
    rows.append([d, f"{hh:02d}:{mm:02d}", crane, desc, t, radius, swl, util, wind_txt, cat,
                 random.choice(aps), random.choices(slingers, weights=[30, 22, 18, 16, 14])[0], status, mins, note])
rows.sort(key=lambda r: (r[0], r[1]))
out = []
for k, r in enumerate(rows, 1):
    out.append([f"L{k:04d}", r[0].strftime("%d/%m/%Y")] + r[1:])
w("Site3_CraneLifts_Mar-May2025.csv",
  ["Lift No", "Date", "Start", "Crane", "Load Desc", "Load (t)", "Radius m", "SWL at Radius (t)", "Util %",
   "Wind m/s", "Lift Cat", "AP", "Slinger/Signaller", "Status", "Duration (mins)", "Notes"], out)


# ------------------------------------------------------------- marina berths
# One row per visitor berth booking for the 2025 season.
ports = ["Cowes", "Poole", "Cherbourg", "Lymington", "Brighton", "St Peter Port", "Falmouth", "Weymouth"]
port_w = [18, 15, 10, 14, 6, 8, 5, 9]
types = ["Sail", "Motor", "Catamaran", "RIB"]
prefix = ["Sea", "Blue", "Wind", "Silver", "Morning", "Salt", "Wild", "Spirit of", "Lady", "True"]
suffix = ["Breeze", "Heron", "Dancer", "Star", "Spray", "Tern", "Mist", "Runner", "Grace", "Wave", "Kestrel", "Otter"]
rows = []
for i in range(280):
    arr = dt.date(2025, 4, 1) + dt.timedelta(days=int(random.triangular(0, 182, 100)))
    nights = random.choices([1, 2, 3, 4, 5, 6, 7, 10, 14], weights=[30, 25, 14, 8, 6, 4, 6, 4, 3])[0]
    dep = arr + dt.timedelta(days=nights)
    btype = random.choices(types, weights=[55, 28, 10, 7])[0]
    loa = round({"Sail": random.uniform(8, 15), "Motor": random.uniform(7, 18), "Catamaran": random.uniform(10, 14), "RIB": random.uniform(5, 9)}[btype], 2)
    pontoon = random.choices(["A", "B", "C", "D", "E"], weights=[14, 24, 18, 12, 9])[0]
    if btype == "Catamaran":
        pontoon = "E"
    rate = 3.60 if arr.month in (6, 7, 8) else 3.10
    if btype == "Catamaran":
        rate = round(rate * 1.5, 2)
    power = "Y" if random.random() < 0.62 else "N"
    channel = random.choices(["WEB", "VHF", "PHONE", "WALKUP"], weights=[45, 25, 20, 10])[0]
    st = random.choices(["DEP", "NS", "CXL"], weights=[88, 5, 7])[0]
    if st == "DEP":
        paid = round(loa * rate * nights + (4.50 * nights if power == "Y" else 0), 2)
    elif st == "NS":
        paid = round(loa * rate, 2)  # first night charged
    else:
        paid = 0
    name = f"{random.choice(prefix)} {random.choice(suffix)}"
    notes = ""
    if st == "NS":
        notes = "No show - 1st night charged"
    elif st == "CXL":
        notes = random.choice(["Cxl weather", "Cancelled by owner", "cxl - engine trouble"])
    elif random.random() < 0.07:
        notes = random.choice(["Rafted alongside", "Pump-out requested", "Extended stay", "Needs lift-out quote", "Dog on board"])
    rows.append([arr, dep, name, btype, loa, pontoon, rate, power, channel, random.choices(ports, weights=port_w)[0], st, paid, notes])
rows.sort(key=lambda r: r[0])
out = [[f"VB25-{k:04d}", r[2], r[0].isoformat(), r[1].isoformat()] + [r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12]]
       for k, r in enumerate(rows, 1)]
w("Visitor Berths 2025 season.csv",
  ["BookingRef", "boatName", "Arrival", "Departure", "boatType", "LOA_m", "Pontoon", "rate_gbp_per_m_night",
   "shorePower", "bookedVia", "homePort", "status", "totalPaid_gbp", "notes"], out)


# ----------------------------------------------------- temporary event notices
# One row per TEN received by the licensing team, April 2024 - March 2025.
wards = ["Abbey", "Castle", "Northfield", "Riverside", "St Marys", "Westbury", "Hillcrest"]
ward_w = [12, 20, 9, 15, 11, 8, 7]
ptypes = ["Village hall", "Pub", "Sports club", "Church hall", "Outdoor/field", "Community centre", "School"]
ptype_w = [18, 14, 16, 8, 20, 14, 10]
names = {"Village hall": ["Ashby VH", "Long Mead VH", "Broadoak VH", "Kingsley VH"],
         "Pub": ["The Red Lion", "The Anchor", "The Plough", "Crown & Cushion", "The Fleece"],
         "Sports club": ["Westbury RFC", "Castle Cricket Club", "Riverside Bowls Club", "Northfield FC"],
         "Church hall": ["St Marys Church Hall", "Abbey URC Hall"],
         "Outdoor/field": ["Recreation Ground", "Castle Meadow", "Priory Park", "Hill Farm field", "Riverside Green"],
         "Community centre": ["Hillcrest CC", "Northfield CC", "Abbey Community Hub"],
         "School": ["Westbury Primary", "St Marys CE School", "Castle Academy"]}
rows = []
for i in range(230):
    ev = dt.datetime(2024, 4, 6) + dt.timedelta(days=int(random.triangular(0, 355, 200)))
    ev = ev.replace(hour=random.choice([10, 11, 12, 14, 17, 18, 19, 19, 20]), minute=random.choice([0, 0, 30]))
    late = random.random() < 0.15
    notice = random.randint(5, 9) if late else random.randint(10, 60)
    recd = ev.date() - dt.timedelta(days=int(notice * 1.4))  # roughly working days -> calendar days
    pt = random.choices(ptypes, weights=ptype_w)[0]
    prem = random.choice(names[pt])
    dur = random.choice([3, 4, 4, 5, 5, 6, 6, 8, 10, 12, 24, 48]) if pt == "Outdoor/field" else random.choice([3, 4, 4, 5, 5, 6, 7])
    att = random.randint(50, 499) if pt == "Outdoor/field" else random.randint(20, 250)
    alcohol = "Y" if random.random() < 0.85 else "N"
    regent = "Y" if random.random() < 0.6 else "N"
    lnr = "Y" if ev.hour + dur > 23 and random.random() < 0.7 else "N"
    pol = "Y" if (att > 350 or (late and random.random() < 0.3) or random.random() < 0.04) and random.random() < 0.55 else "N"
    eh = "Y" if random.random() < (0.12 if pt in ("Outdoor/field", "Pub") else 0.03) else "N"
    if pol == "Y" or eh == "Y":
        dec = random.choices(["CNTR", "ACK", "WDN"], weights=[late and 100 or 45, 35, 20])[0]
    else:
        dec = random.choices(["ACK", "WDN", "INV"], weights=[92, 5, 3])[0]
    note = ""
    if dec == "CNTR":
        note = random.choice(["Counter notice issued after objection", "Hearing held - counter notice", "Late TEN + objection = automatic CN"])
    elif dec == "INV":
        note = random.choice(["Over 499 on notice form - returned", "Premises user exceeded personal limit", "Notice form incomplete"])
    elif dec == "WDN":
        note = "Withdrawn by premises user"
    elif random.random() < 0.1:
        note = random.choice(["Conditions agreed with police", "Fireworks planned", "Marquee on site", "Charity fundraiser"])
    rows.append([recd, ev, random.choices(wards, weights=ward_w)[0], prem, pt, "LATE" if late else "STD",
                 att, dur, alcohol, regent, lnr, pol, eh, dec, 21.00, note])
rows.sort(key=lambda r: r[0])
out = [[f"TEN/24/{k:04d}", r[0].strftime("%d/%m/%Y"), r[1].strftime("%d/%m/%Y %H:%M")] + r[2:] for k, r in enumerate(rows, 1)]
w("TENs_register_2024-25.csv",
  ["TEN_REF", "RECEIVED", "EVENT_START", "WARD", "PREMISES_NAME", "PREMISES_TYPE", "NOTICE_TYPE", "MAX_ATTENDEES",
   "DURATION_HRS", "ALCOHOL", "REG_ENT", "LNR", "POLICE_OBJ", "EH_OBJ", "DECISION", "FEE_GBP", "OFFICER_NOTES"], out)


# ------------------------------------------------- patient transport journeys
# One row per booked non-emergency patient transport journey, April - June 2025.
sites = {"General Hospital": 9, "Renal Unit": 6, "Oncology Centre": 14, "Community Hospital": 5, "Eye Unit": 11}
site_w = [38, 22, 15, 14, 11]
rows = []
for i in range(360):
    d = dt.date(2025, 4, 1) + dt.timedelta(days=random.randint(0, 88))
    if d.weekday() == 6:
        d += dt.timedelta(days=1)
    site = random.choices(list(sites), weights=site_w)[0]
    if site == "Renal Unit" and d.weekday() in (1, 3):
        d += dt.timedelta(days=1)
    booked = dt.datetime.combine(d, dt.time(random.randint(7, 15), random.choice([0, 15, 30, 45])))
    mob = random.choices(["WLK", "WCH", "STR"], weights=[55, 35, 10])[0]
    veh = {"WLK": random.choices(["CAR", "WAV", "AMB"], weights=[60, 25, 15])[0],
           "WCH": random.choices(["WAV", "AMB"], weights=[75, 25])[0],
           "STR": "AMB"}[mob]
    miles = round(max(1.5, random.gauss(sites[site], sites[site] * 0.45)), 1)
    outcome = random.choices(["CMP", "ABT", "CAN"], weights=[84, 7, 9])[0]
    actual = ""
    ontime = ""
    note = ""
    if outcome == "CMP":
        wait = int(max(0, random.expovariate(1 / 22))) if veh != "AMB" else int(max(0, random.expovariate(1 / 35)))
        act = booked + dt.timedelta(minutes=wait)
        actual = act.strftime("%Y-%m-%d %H:%M")
        ontime = "Y" if wait + random.randint(-20, 25) < 40 else "N"
        if random.random() < 0.06:
            note = random.choice(["Pt needed assistance down stairs", "Key safe code updated", "Oxygen on board", "Pt returned same vehicle"])
    elif outcome == "ABT":
        note = random.choice(["Pt not ready", "No answer at door", "Pt too unwell to travel", "Access issue - no parking"])
    else:
        note = random.choice(["Cancelled by ward", "Appt cancelled", "Pt made own way", "Cancelled by pt"])
    rows.append([booked, actual, site, mob, veh, "Y" if random.random() < 0.28 else "N", miles, outcome, ontime, note])
rows.sort(key=lambda r: r[0])
out = [[f"PTS{250000 + k}", r[0].strftime("%Y-%m-%d %H:%M")] + r[1:] for k, r in enumerate(rows, 1)]
w("PTS_journeys_2025Q2.csv",
  ["JourneyID", "bookedPickup", "actualPickup", "destSite", "mobilityCode", "vehicleType", "escort", "miles",
   "outcome", "onTimeForAppt", "controlNotes"], out)


# ---------------------------------------------------------- air leak tags
# One row per compressed-air leak tagged on the factory floor, Jan - June 2025.
areas = ["Press Shop", "Paint Line", "Assembly A", "Assembly B", "Boiler House", "Stores", "Weld Cell"]
area_w = [22, 14, 18, 15, 5, 6, 20]
comps = ["Push-in fitting", "Hose", "FRL unit", "Solenoid valve", "Cylinder seal", "Drain trap", "Quick coupling", "Pipe joint"]
comp_w = [20, 18, 8, 10, 9, 6, 17, 12]
finders = ["Ultrasonic survey", "Operator", "Maint. tech", "Energy champion"]
rows = []
for i in range(240):
    found = dt.date(2025, 1, 6) + dt.timedelta(days=random.randint(0, 170))
    area = random.choices(areas, weights=area_w)[0]
    comp = random.choices(comps, weights=comp_w)[0]
    size = random.choices(["SML", "MED", "LGE"], weights=[50, 35, 15])[0]
    flow = round({"SML": random.uniform(5, 30), "MED": random.uniform(30, 90), "LGE": random.uniform(90, 260)}[size], 1)
    cost = round(flow * 60 * 6000 / 1000 * 0.11 * 0.025 * 10, 0)  # rough: l/min -> annual £
    prio = "P1" if size == "LGE" or (size == "MED" and random.random() < 0.3) else ("P2" if size == "MED" else "P3")
    parts = "Y" if comp in ("FRL unit", "Solenoid valve", "Cylinder seal", "Drain trap") or random.random() < 0.2 else "N"
    cutoff = dt.date(2025, 6, 30)
    base = {"P1": 6, "P2": 18, "P3": 35}[prio] + (12 if parts == "Y" else 0)
    rep_d = found + dt.timedelta(days=int(random.expovariate(1 / base)) + 1)
    repaired = rep_d <= cutoff and random.random() < 0.88
    notes = ""
    if not repaired and random.random() < 0.3:
        notes = random.choice(["Awaiting parts", "Needs line shutdown", "Contractor to quote", "Access - needs MEWP"])
    elif repaired and random.random() < 0.08:
        notes = random.choice(["Re-tagged after re-leak", "Fitting replaced with brass", "Hose re-routed", "Fixed same shift"])
    rows.append([found, area, comp, size, flow, cost, prio, random.choices(finders, weights=[45, 20, 25, 10])[0],
                 parts, "Y" if repaired else "N", rep_d if repaired else None, notes])
rows.sort(key=lambda r: r[0])
out = []
for k, r in enumerate(rows, 1):
    out.append([f"AL-{k + 1040}", r[0].strftime("%d-%b-%y"), r[1], r[2], r[3], r[4], int(r[5]), r[6], r[7], r[8], r[9],
                r[10].strftime("%d-%b-%y") if r[10] else "", r[11]])
w("AirLeakTags export 2025-06-30.csv",
  ["Tag #", "Date Found", "Area", "Component", "Leak Size", "Flow (l/min)", "Est Cost/yr (GBP)", "Priority",
   "Found By", "Parts Req", "Repaired?", "Date Repaired", "Comments"], out)
