# Tables of the 42nd corpus (seeded), a blind corpus written without reading the analyst. Domains: air cargo
# AWB acceptance (transport and logistics), street lighting fault log (local government), EV charge point
# sessions (energy and utilities), conference delegate registrations (hospitality and events), language
# school placement tests (education and training).
import random, csv, datetime as dt, math
random.seed(420042)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def blank(v):
    return "" if v is None else v


# ---------------------------------------------------------------- air cargo
# Export from a cargo handling system: one row per air waybill accepted at LHR.
dests = {"JFK": (2.15, 9), "DXB": (1.65, 8), "HKG": (2.40, 6), "SIN": (2.30, 5), "ORD": (2.05, 5),
         "NBO": (1.95, 4), "BOM": (1.80, 5), "PVG": (2.55, 4), "YYZ": (1.90, 3), "GRU": (2.70, 2)}
flights = {"JFK": ["BA0117", "BA0175"], "DXB": ["BA0107", "EK0004"], "HKG": ["BA0027", "CX0252"], "SIN": ["BA0011", "SQ0317"],
           "ORD": ["BA0295", "AA0087"], "NBO": ["BA0065", "KQ0101"], "BOM": ["BA0199", "AI0130"], "PVG": ["BA0169"],
           "YYZ": ["BA0093", "AC0869"], "GRU": ["BA0247"]}
agents = ["Kuehne+Nagel", "DHL Global Forwarding", "DSV Air & Sea", "Expeditors", "Agility", "Rhenus Logistics",
          "Hellmann", "CEVA Logistics", "Bollore", "Nippon Express", "Kerry Logistics", "Davies Turner",
          "Kintetsu World Express", "Geodis", "Dimerco", "Yusen Logistics"]
shippers = ["Rolls-Royce Plc", "GSK Ware", "AstraZeneca Macclesfield", "JCB Rocester", "Burberry Ltd", "Dyson Ltd",
            "Jaguar Land Rover", "BAE Systems", "Renishaw Plc", "Oxford Instruments", "Smith & Nephew", "Halma Plc",
            "Spirax-Sarco", "Weir Minerals", "Fevertree Drinks", "Walkers Shortbread", "Tate & Lyle", "Johnson Matthey",
            "Meggitt Aerospace", "Ocado Retail", "Reckitt Hull", "Unilever Port Sunlight", "McLaren Automotive",
            "Aston Martin Lagonda", "Croda International", "Victrex Plc", "Domino Printing", "Abcam Cambridge",
            "Pukka Herbs", "Charlotte Tilbury", "Mulberry Group", "Marshall Amplification", "Naim Audio",
            "Brompton Bicycle", "Belstaff", "Ted Baker", "Twinings", "Diageo Global", "Glenmorangie",
            "Scottish Salmon Co", "Loch Duart", "Cornish Sea Salt", "Cranswick Plc", "Bakkavor", "Molson Coors UK",
            "Arm Ltd", "Raspberry Pi Ltd", "Imagination Tech", "Ultra Electronics", "Chemring Group",
            "Spectris Plc", "Edwards Vacuum", "Cobham Satcom", "Clarks Shoes", "Church's Footwear", "Boots UK",
            "Holland & Barrett", "Wedgwood", "Emma Bridgewater", "Hornby Hobbies", "Games Workshop"]
shc_w = [("GEN", 52), ("PER", 12), ("DGR", 8), ("PIL", 9), ("ELI", 7), ("VAL", 3), ("AVI", 2), ("COL", 7)]
scr_w = [("KC", 40), ("XRY", 35), ("ETD", 15), ("EDD", 10)]
dlist, dwt = zip(*[(k, v[1]) for k, v in dests.items()])
rows = []
used = set()
for i in range(318):
    d = dt.datetime(2025, 3, 1, 5, 0) + dt.timedelta(days=random.randint(0, 30), minutes=random.randint(0, 17 * 60))
    dest = random.choices(dlist, dwt)[0]
    shc = random.choices(*zip(*shc_w))[0]
    if dest == "DXB" and random.random() < 0.25:
        shc = "PER"
    pcs = max(1, int(random.lognormvariate(1.4, 0.9)))
    gross = round(pcs * random.uniform(6, 55) * (1.6 if shc == "PIL" else 1), 1)
    if shc == "VAL":
        gross = round(random.uniform(2, 40), 1)
    vol = round(gross / random.uniform(90, 320), 3)
    chg = max(gross, vol * 166.67)
    chg = math.ceil(chg * 2) / 2
    base = dests[dest][0] * (1.35 if shc in ("PER", "DGR", "PIL") else 1) * (3.2 if shc == "VAL" else 1)
    rate = round(base * random.uniform(0.85, 1.15) * (0.9 if chg > 500 else 1), 2)
    amt = round(chg * rate, 2)
    while True:
        n = random.randint(1000000, 9999999)
        if n not in used:
            used.add(n)
            break
    awb = f"125-{n:07d}{n % 7}"
    status = random.choices(["DEP", "MAN", "RCS", "OFLD"], [74, 11, 6, 9])[0]
    reason = random.choice(["Space", "Space", "Weight/balance", "Docs missing", "Screening fail", "Late delivery"]) if status == "OFLD" else None
    rows.append([awb, d.strftime("%Y-%m-%d %H:%M"), "LHR", dest, random.choice(flights[dest]), random.choice(shippers),
                 random.choice(agents), shc, pcs, gross, vol, chg, rate, amt, random.choices(*zip(*scr_w))[0],
                 "Y" if shc == "DGR" or (shc == "ELI" and random.random() < 0.3) else "N", status, blank(reason)])
rows.sort(key=lambda r: r[1])
w("AWB Acceptance Export 2025-03.csv",
  ["AWB No.", "Accept Date/Time", "Orig", "Dest", "Flight No", "Shipper", "Agent", "SHC", "Pcs", "Gross Wt (kg)",
   "Vol (m3)", "Chg Wt (kg)", "Rate/kg (GBP)", "Freight Amt (GBP)", "Screening", "DG", "Status", "Offload Reason"], rows)

# ---------------------------------------------------------- street lighting
# Street lighting fault log from a council's highways asset system, Q3 2024.
wards = {"Abbey": 70, "Castle": 48, "Northfields": 92, "Riverside": 66, "St Anne's": 39, "Westbrook": 81, "Hollins Park": 57, "Marsh End": 44}
streets = {"Abbey": ["Abbey Rd", "Priory Walk", "Cloister Way", "Monks Lane"], "Castle": ["Castle St", "Keep Close", "Bailey Row"],
           "Northfields": ["Northfield Ave", "Cowper Rd", "Larch Drive", "Fenwick Way", "Mill Lane"],
           "Riverside": ["Quay St", "Wharf Rd", "Towpath Close", "Ferry Lane"], "St Anne's": ["St Anne's Rd", "Glebe Terrace", "Vicarage Gdns"],
           "Westbrook": ["Westbrook Rd", "Hazel Grove", "Beech Ave", "Orchard Way", "Station Approach"],
           "Hollins Park": ["Hollins Rd", "Park View", "Meadow Bank"], "Marsh End": ["Marsh Lane", "Reed Close", "Dyke Rd"]}
wcode = {"Abbey": "AB", "Castle": "CA", "Northfields": "NF", "Riverside": "RV", "St Anne's": "SA", "Westbrook": "WB", "Hollins Park": "HP", "Marsh End": "ME"}
columns = {}
for wd, n in wards.items():
    for k in range(n):
        lamp = random.choices(["LED", "SON", "SOX", "CDM"], [55, 28, 9, 8])[0]
        watt = {"LED": random.choice([18, 24, 36, 45, 60]), "SON": random.choice([70, 100, 150]), "SOX": random.choice([35, 55, 90]), "CDM": random.choice([45, 60, 90])}[lamp]
        columns[f"{wcode[wd]}{k + 1:03d}"] = (wd, random.choice(streets[wd]), lamp, watt)
colkeys = list(columns)
hot = random.sample(colkeys, 40)
ftypes = [("LAMP OUT", 44), ("DAY BURNER", 16), ("CYCLING", 10), ("DAMAGED", 9), ("KNOCKED DOWN", 4), ("DOOR MISSING", 7), ("NO SUPPLY", 10)]
rows = []
for i in range(274):
    rep = dt.datetime(2024, 7, 1, 0, 0) + dt.timedelta(minutes=random.randint(0, 92 * 24 * 60 - 1))
    col = random.choice(hot) if random.random() < 0.3 else random.choice(colkeys)
    wd, street, lamp, watt = columns[col]
    ft = random.choices(*zip(*ftypes))[0]
    if lamp in ("SOX", "SON") and ft == "LAMP OUT" and random.random() < 0.3:
        ft = "CYCLING"
    pri = "P1" if ft in ("KNOCKED DOWN",) or (ft == "DAMAGED" and random.random() < 0.5) else ("P2" if ft in ("DOOR MISSING", "NO SUPPLY") else "P3")
    src = random.choices(["WEB", "PHONE", "APP", "NIGHT SCOUT", "POLICE"], [38, 22, 20, 15, 5 if pri != "P1" else 40])[0]
    resp_h = {"P1": random.uniform(0.4, 3.5), "P2": random.uniform(4, 40), "P3": random.uniform(20, 170)}[pri]
    att = rep + dt.timedelta(hours=resp_h)
    dno = ft == "NO SUPPLY" and random.random() < 0.8
    if dno:
        status = random.choice(["REFERRED DNO", "REFERRED DNO", "CLOSED"])
    else:
        status = "CLOSED" if random.random() < 0.87 else "OPEN"
    if rep > dt.datetime(2024, 9, 24) and status == "CLOSED" and random.random() < 0.5:
        status = "OPEN"
    comp = None
    if status == "CLOSED":
        extra = random.uniform(0, 2) if ft in ("LAMP OUT", "DAY BURNER", "CYCLING", "DOOR MISSING") else random.uniform(1, 21)
        if dno:
            extra = random.uniform(10, 45)
        comp = att + dt.timedelta(days=extra)
    hrs = round({"LAMP OUT": random.uniform(0.5, 1.6), "DAY BURNER": random.uniform(0.4, 1.2), "CYCLING": random.uniform(0.5, 1.5),
                 "DAMAGED": random.uniform(1.5, 4.5), "KNOCKED DOWN": random.uniform(4, 9), "DOOR MISSING": random.uniform(0.3, 1.0),
                 "NO SUPPLY": random.uniform(0.5, 2.5)}[ft] * 4) / 4
    mat = {"LAMP OUT": {"LED": random.uniform(140, 260), "SON": random.uniform(18, 42), "SOX": random.uniform(30, 65), "CDM": random.uniform(45, 95)}[lamp],
           "DAY BURNER": random.uniform(12, 38), "CYCLING": random.uniform(20, 70) if lamp != "LED" else random.uniform(60, 160),
           "DAMAGED": random.uniform(80, 420), "KNOCKED DOWN": random.uniform(900, 2400), "DOOR MISSING": random.uniform(25, 55),
           "NO SUPPLY": random.uniform(0, 30)}[ft]
    mat = round(mat, 2) if status != "OPEN" else None
    rows.append([f"SLF/24/{1400 + i:05d}", rep.strftime("%d/%m/%Y %H:%M"), col, street, wd, ft, pri, src, lamp, watt,
                 att.strftime("%d/%m/%Y %H:%M") if status != "OPEN" or random.random() < 0.5 else "",
                 comp.strftime("%d/%m/%Y") if comp else "", status,
                 f"NPG-{random.randint(300000, 399999)}" if status == "REFERRED DNO" or (dno and status == "CLOSED") else "",
                 hrs if status != "OPEN" else "", blank(mat), random.choice(["Crew 2", "Crew 3", "Crew 5", "Crew 7"])])
rows.sort(key=lambda r: dt.datetime.strptime(r[1], "%d/%m/%Y %H:%M"))
for i, r in enumerate(rows):
    r[0] = f"SLF/24/{1400 + i:05d}"
w("SL_FAULTS_Q3_2024.csv",
  ["Fault Ref", "Reported", "Column No.", "Street", "Ward", "Fault Type", "Priority", "Source", "Lamp Type", "Watts",
   "Attended", "Completed", "Status", "DNO Ref", "Labour Hrs", "Materials (£)", "Gang"], rows)

# ------------------------------------------------------------- EV charging
# Charge point management system export, H1 2025: one row per charging session.
sites = {"Harbour Car Park": [("HCP-01", "CCS", 150), ("HCP-02", "CCS", 150), ("HCP-03", "CHAdeMO", 50), ("HCP-04", "Type 2", 22)],
         "Leisure Centre": [("LEI-01", "Type 2", 7), ("LEI-02", "Type 2", 7), ("LEI-03", "Type 2", 22)],
         "Park & Ride North": [("PRN-01", "CCS", 50), ("PRN-02", "CCS", 50), ("PRN-03", "Type 2", 22), ("PRN-04", "Type 2", 22)],
         "Market Square": [("MKT-01", "CCS", 50), ("MKT-02", "Type 2", 7)],
         "Civic Offices": [("CIV-01", "Type 2", 7), ("CIV-02", "Type 2", 7), ("CIV-03", "Type 2", 22)],
         "Motorway Services J14": [("M14-01", "CCS", 350), ("M14-02", "CCS", 350), ("M14-03", "CCS", 150), ("M14-04", "CHAdeMO", 50)]}
sw = {"Harbour Car Park": 22, "Leisure Centre": 12, "Park & Ride North": 17, "Market Square": 9, "Civic Offices": 10, "Motorway Services J14": 30}
rows = []
for i in range(376):
    site = random.choices(list(sw), list(sw.values()))[0]
    cp, conn, rated = random.choice(sites[site])
    day = dt.date(2025, 1, 1) + dt.timedelta(days=random.randint(0, 180))
    hour = random.choices(range(24), [1, 1, 1, 1, 1, 2, 4, 7, 9, 8, 7, 7, 8, 7, 7, 8, 9, 10, 9, 7, 5, 4, 3, 2])[0]
    start = dt.datetime.combine(day, dt.time(hour, random.randint(0, 59), random.randint(0, 59)))
    dc = conn in ("CCS", "CHAdeMO")
    if dc:
        peak = round(min(rated, random.uniform(0.35, 0.98) * rated) * random.uniform(0.9, 1.0), 1)
        soc0 = random.randint(5, 45)
        soc1 = min(100, soc0 + random.randint(25, 70))
        energy = round((soc1 - soc0) / 100 * random.uniform(45, 90), 2)
        mins = energy / (peak * random.uniform(0.55, 0.8)) * 60
        tariff = 79 if rated >= 150 else 69
        auth = random.choices(["CONTACTLESS", "APP", "RFID", "ROAMING"], [42, 28, 12, 18])[0]
    else:
        peak = round(rated * random.uniform(0.3, 1.0) if rated == 22 else rated * random.uniform(0.85, 1.0), 1)
        soc0 = soc1 = None
        mins = random.uniform(50, 600)
        energy = round(min(mins / 60 * peak * random.uniform(0.6, 0.95), random.uniform(8, 60)), 2)
        tariff = 45 if site in ("Civic Offices", "Leisure Centre") else 52
        auth = random.choices(["CONTACTLESS", "APP", "RFID", "ROAMING"], [15, 40, 30, 15])[0]
    end = start + dt.timedelta(minutes=mins + random.uniform(1, 6))
    idle = None
    if not dc and mins > 240 and random.random() < 0.5:
        idle = round(random.choice([5, 10, 10, 15, 20]) * 1.0, 2)
    stop = random.choices(["EVDisconnected", "Local", "Remote", "EnergyLimitReached", "SOCLimitReached", "PowerLoss"],
                          [40, 22, 12, 6, 14 if dc else 0, 4])[0]
    total = round(energy * tariff / 100 + (idle or 0), 2)
    rows.append([f"{(i * 7919 + 104729) % 900000 + 100000:06d}-{random.randint(0, 0xffff):04x}", cp, site, conn,
                 start.strftime("%Y-%m-%dT%H:%M:%S"), end.strftime("%Y-%m-%dT%H:%M:%S"), energy, peak, tariff,
                 blank(idle), total, auth, stop, blank(soc0), blank(soc1)])
rows.sort(key=lambda r: r[4])
w("chargePointSessions_2025H1.csv",
  ["sessionId", "chargePointId", "siteName", "connectorType", "startTime", "endTime", "energyKWh", "peakPowerKW",
   "tariffPencePerKWh", "idleFeeGBP", "totalCostGBP", "authMethod", "stopReason", "socStartPct", "socEndPct"], rows)

# ------------------------------------------------------ conference delegates
# Registration platform export for a three-day conference opening 10/06/2025.
firsts = ["Amelia", "Oliver", "Priya", "Jack", "Sofia", "Mohammed", "Hannah", "Liam", "Chloe", "Noah", "Aisha", "Ethan", "Grace",
          "Lucas", "Isla", "Mateo", "Zara", "Daniel", "Freya", "Tomasz", "Ingrid", "Kwame", "Mei", "Rahul", "Elena", "Sean",
          "Fatima", "Henrik", "Yuki", "Olu", "Nadia", "Pierre", "Beatriz", "Callum", "Ruth", "Dmitri"]
lasts = ["Smith", "Patel", "Jones", "Nowak", "Okafor", "Williams", "Brown", "Khan", "Garcia", "Müller", "Taylor", "Evans", "Dubois",
         "Rossi", "Chen", "Nielsen", "O'Brien", "Singh", "Walsh", "Kowalski", "Haddad", "Tanaka", "Mensah", "Fraser", "Silva", "Byrne"]
orgs = [("NHS Digital", "Public Sector"), ("Barclays", "Financial Services"), ("HSBC", "Financial Services"), ("Aviva", "Financial Services"),
        ("Capgemini", "Consulting"), ("Accenture", "Consulting"), ("Deloitte", "Consulting"), ("PwC", "Consulting"), ("BT Group", "Telecoms"),
        ("Vodafone", "Telecoms"), ("Sky", "Media"), ("BBC", "Media"), ("University of Leeds", "Academia"), ("Imperial College", "Academia"),
        ("University of Edinburgh", "Academia"), ("Ocado Technology", "Retail"), ("Tesco", "Retail"), ("Sainsbury's", "Retail"),
        ("Rolls-Royce", "Manufacturing"), ("Siemens", "Manufacturing"), ("Arup", "Engineering"), ("Atkins", "Engineering"),
        ("HMRC", "Public Sector"), ("DWP", "Public Sector"), ("Met Office", "Public Sector"), ("Monzo", "Financial Services"),
        ("Wise", "Financial Services"), ("Revolut", "Financial Services"), ("Darktrace", "Technology"), ("Sage", "Technology"),
        ("Arm", "Technology"), ("Graphcore", "Technology"), ("DeepMind", "Technology"), ("SAP", "Technology"), ("Microsoft", "Technology"),
        ("Google", "Technology"), ("Amazon Web Services", "Technology"), ("Snowflake", "Technology"), ("Databricks", "Technology"),
        ("ING", "Financial Services"), ("Philips", "Manufacturing"), ("Ericsson", "Telecoms"), ("Nokia", "Telecoms"),
        ("TU Delft", "Academia"), ("KTH Stockholm", "Academia"), ("Trinity College Dublin", "Academia"), ("Bank of Ireland", "Financial Services"),
        ("Zalando", "Retail"), ("Booking.com", "Technology"), ("Adyen", "Financial Services"), ("Spotify", "Media"), ("Klarna", "Financial Services")]
org_country = {"TU Delft": "Netherlands", "ING": "Netherlands", "Philips": "Netherlands", "Booking.com": "Netherlands", "Adyen": "Netherlands",
               "Ericsson": "Sweden", "KTH Stockholm": "Sweden", "Spotify": "Sweden", "Klarna": "Sweden", "Nokia": "Finland",
               "Trinity College Dublin": "Ireland", "Bank of Ireland": "Ireland", "Zalando": "Germany", "SAP": "Germany", "Siemens": "Germany"}
tickets = {"Early Bird": (695, 26), "Standard": (895, 30), "Day Pass": (395, 14), "Student": (195, 8), "Speaker": (0, 7), "Exhibitor": (0, 6), "Public Sector": (595, 9)}
codes = {"ALUMNI15": 0.15, "PARTNER20": 0.20, "GROUP10": 0.10, "NHS25": 0.25, "": 0}
event = dt.date(2025, 6, 10)
rows = []
for i in range(342):
    org, sector = random.choice(orgs)
    tt = random.choices(list(tickets), [v[1] for v in tickets.values()])[0]
    if sector == "Public Sector" and random.random() < 0.6:
        tt = "Public Sector"
    elif tt == "Public Sector" and sector not in ("Public Sector", "Academia"):
        tt = "Standard"
    if tt == "Student":
        org, sector = random.choice([o for o in orgs if o[1] == "Academia"])
    lead = {"Early Bird": random.randint(75, 200), "Standard": random.randint(10, 74), "Day Pass": random.randint(2, 90),
            "Student": random.randint(5, 120), "Speaker": random.randint(60, 160), "Exhibitor": random.randint(40, 150),
            "Public Sector": random.randint(10, 150)}[tt]
    regd = event - dt.timedelta(days=lead)
    days = 1 if tt == "Day Pass" else 3
    price = tickets[tt][0] * (1 if tt != "Day Pass" else 1)
    code = ""
    if price and tt not in ("Student",) and random.random() < 0.22:
        code = random.choice(["ALUMNI15", "PARTNER20", "GROUP10"] + (["NHS25"] if org == "NHS Digital" else []))
    disc = round(price * codes[code], 2)
    net = price - disc
    vat = round(net * 0.2, 2)
    pay = "Comp" if price == 0 else random.choices(["Paid", "Invoiced", "Refunded"], [80, 14, 6])[0]
    paid = 0 if pay in ("Comp", "Refunded") else round(net + vat, 2)
    country = org_country.get(org, "United Kingdom")
    if country == "United Kingdom" and random.random() < 0.12:
        country = random.choice(["United States", "United States", "France", "Spain", "Poland", "India"])
    diet = random.choices(["", "VEG", "VGN", "GF", "HAL", "KOS", "DF"], [62, 14, 7, 6, 6, 1, 4])[0]
    nights = 0 if country == "United Kingdom" and random.random() < 0.6 else random.choice([1, 2, 2, 3, 3, 3]) if days == 3 else random.choice([0, 1])
    gala = "Y" if days == 3 and random.random() < 0.55 else "N"
    checked = "N" if pay == "Refunded" else ("Y" if random.random() < 0.88 else "N")
    rows.append([None, regd.strftime("%d/%m/%Y"), random.choice(firsts), random.choice(lasts), org, sector, country, tt, days,
                 f"{price:.2f}", code, f"{disc:.2f}" if code else "", f"{vat:.2f}", f"{paid:.2f}", pay, diet, nights, gala, checked])
rows.sort(key=lambda r: (dt.datetime.strptime(r[1], "%d/%m/%Y"), r[3]))
for i, r in enumerate(rows):
    r[0] = f"DS25-{3107 + i * 3}"
w("delegate_registrations_export_20250612.csv",
  ["Booking Ref", "Registered On", "First Name", "Last Name", "Organisation", "Sector", "Country", "Ticket Type", "Days",
   "Ticket Price (£)", "Discount Code", "Discount (£)", "VAT (£)", "Total Paid (£)", "Payment Status", "Dietary Req",
   "Hotel Nights", "Gala Dinner", "Checked In"], rows)

# ------------------------------------------------------ language school tests
# Student records system extract: placement tests taken on arrival, term 2.
nats = [("Brazil", 16), ("Italy", 14), ("Spain", 13), ("Japan", 11), ("Saudi Arabia", 10), ("Colombia", 9), ("Türkiye", 8),
        ("South Korea", 7), ("France", 6), ("China", 6), ("Switzerland", 4), ("Poland", 3)]
nat_skill = {"Switzerland": 8, "Poland": 5, "France": 3, "Italy": 1, "Spain": 0, "Brazil": 0, "Türkiye": -2, "Japan": -3,
             "South Korea": -1, "Colombia": -2, "China": -4, "Saudi Arabia": -6}
centres = [("LDN", 38), ("MAN", 22), ("EDI", 18), ("BRI", 22)]
surnames = ["Silva", "Rossi", "Garcia", "Sato", "Al-Harbi", "Gomez", "Yilmaz", "Kim", "Martin", "Wang", "Meier", "Nowak", "Santos",
            "Bianchi", "Lopez", "Suzuki", "Al-Qahtani", "Rodriguez", "Demir", "Park", "Bernard", "Li", "Keller", "Wojcik", "Costa",
            "Ferrari", "Fernandez", "Takahashi", "Al-Otaibi", "Herrera", "Kaya", "Lee", "Dubois", "Zhang", "Frei", "Kowalczyk"]
courses = {"GE20": 265, "GE28": 325, "IELTS": 355, "BUS": 395, "CAE": 345}
rows = []
for i in range(236):
    nat = random.choices(*zip(*nats))[0]
    ctr = random.choices(*zip(*centres))[0]
    td = dt.date(2025, 1, 6) + dt.timedelta(weeks=random.randint(0, 11))
    age = random.choices([random.randint(16, 19), random.randint(20, 29), random.randint(30, 55)], [25, 55, 20])[0]
    dob = td - dt.timedelta(days=age * 365 + random.randint(0, 364))
    ability = random.gauss(52 + 1.5 * nat_skill[nat] + (2 if ctr == "EDI" else 0), 15)
    g = max(3, min(40, round(ability * 0.4 + random.gauss(0, 3))))
    r = max(2, min(30, round(ability * 0.3 + random.gauss(0, 2.5))))
    lis = max(2, min(30, round(ability * 0.3 + random.gauss(-1, 3))))
    total = g + r + lis
    wb = max(2.0, min(8.5, round((2 + total / 15 + random.gauss(0, 0.6)) * 2) / 2))
    sb = max(2.0, min(8.5, round((2.3 + total / 15 + random.gauss(0, 0.7)) * 2) / 2))
    cefr = "A1" if total < 25 else "A2" if total < 40 else "B1" if total < 58 else "B2" if total < 75 else "C1" if total < 90 else "C2"
    if cefr in ("B2", "C1", "C2"):
        crs = random.choices(["GE20", "GE28", "IELTS", "BUS", "CAE"], [25, 15, 25, 15, 20])[0]
    elif cefr == "B1":
        crs = random.choices(["GE20", "GE28", "IELTS", "BUS"], [40, 25, 25, 10])[0]
    else:
        crs = random.choices(["GE20", "GE28"], [60, 40])[0]
    weeks = random.choices([2, 4, 6, 8, 10, 12, 24], [10, 25, 12, 18, 8, 17, 10])[0]
    if crs in ("IELTS", "CAE"):
        weeks = random.choice([8, 10, 12, 12])
    fee = courses[crs] - (15 if weeks >= 12 else 0)
    agent = random.choices(["", "EF Partners", "StudyLink BR", "Kaplan Agency", "Linguaviva", "ISS Tokyo", "Aspect Madrid", "Global Ed KSA"], [35, 9, 14, 8, 10, 8, 9, 7])[0]
    visa = "STV" if nat in ("Saudi Arabia", "China", "Colombia", "Türkiye") and weeks <= 24 else ("EEA" if nat in ("Italy", "Spain", "France", "Poland") else "VISIT")
    rows.append([f"S25{1000 + i * 7 % 9000:05d}", random.choice(surnames).upper(), nat, dob.strftime("%d/%m/%Y"),
                 td.strftime("%d-%b-%Y").upper(), ctr, g, r, lis, total, wb, sb, cefr, crs, weeks, fee, agent, visa])
rows.sort(key=lambda r: (dt.datetime.strptime(r[4].title(), "%d-%b-%Y"), r[0]))
w("PLACEMENT_TESTS_2024-25_T2.csv",
  ["STUDENT_NO", "SURNAME", "NATIONALITY", "DOB", "TEST_DATE", "CENTRE", "GRAMMAR_40", "READING_30", "LISTENING_30",
   "TOTAL_100", "WRITING_BAND", "SPEAKING_BAND", "CEFR", "COURSE", "WEEKS_BOOKED", "WEEKLY_FEE_GBP", "AGENT", "VISA"], rows)
