# Tables of the 36th corpus (seeded), a blind corpus written without reading the analyst. Domains: retail store footfall and conversion (retail), hotel night audit (hospitality), insurance claims register (finance), estate agency viewings diary (property), domestic EPC lodgements (property).
import random, csv, math, datetime as dt
random.seed(360417)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# Store traffic: one row per store per trading day, March-April 2025,
# from a door-counter system joined to the till totals.
stores = [
    (142, "Leeds Briggate", "North", 2600),
    (217, "Manchester Arndale", "North", 3400),
    (305, "Bristol Cabot", "South West", 2300),
    (311, "Exeter Princesshay", "South West", 1500),
    (408, "Reading Oracle", "South East", 2100),
    (426, "Brighton Churchill Sq", "South East", 1900),
]
promos = {(dt.date(2025, 3, 14), dt.date(2025, 3, 23)): "SPRING25", (dt.date(2025, 4, 10), dt.date(2025, 4, 21)): "EASTER3F2"}
rows = []
day = dt.date(2025, 3, 1)
while day <= dt.date(2025, 4, 30):
    wd = day.weekday()
    dayf = [0.85, 0.8, 0.85, 0.95, 1.1, 1.55, 1.2][wd]
    weather = random.choices(["DRY", "RAIN", "WIND", ""], [60, 25, 8, 7])[0]
    promo = ""
    for (a, b), code in promos.items():
        if a <= day <= b:
            promo = code
    for no, name, reg, base in stores:
        ff = int(base * dayf * random.uniform(0.82, 1.18) * (0.88 if weather == "RAIN" else 1.0) * (1.12 if promo else 1.0))
        conv = {"North": 0.19, "South West": 0.23, "South East": 0.21}[reg] * random.uniform(0.8, 1.2) * (1.1 if promo else 1.0)
        if no == 311:
            conv *= 1.12
        tx = int(ff * conv)
        atv = random.uniform(21, 34) * (0.92 if promo else 1.0) * (1.1 if reg == "South East" else 1.0)
        sales = round(tx * atv, 2)
        units = int(tx * random.uniform(1.7, 2.6))
        hrs = round(random.choice([6, 7, 8, 9]) * 7.5 * (1.3 if wd >= 4 else 1.0) + random.choice([0, 3.5, 4, 7.5]), 1)
        rows.append([day.strftime("%d/%m/%Y"), no, name, reg, ff, tx, sales, units, hrs, promo, weather])
    day += dt.timedelta(days=1)
w("Store Traffic Export 2025-04.csv",
  ["Trade Date", "Store No.", "Store Name", "Region", "Footfall In", "Txn Count", "Net Sales (£)", "Units Sold", "Staff Hrs", "Promo Code", "Wx"], rows)

# Hotel night audit: one row per property per business date, Q3 2024,
# from the PMS end-of-day report.
props = [("EDIWV", "Edinburgh", 186, 142.0), ("MANPC", "Manchester", 232, 104.0), ("BRSHB", "Bristol", 148, 112.0), ("YRKMG", "York", 96, 131.0)]
rows = []
day = dt.date(2024, 7, 1)
while day <= dt.date(2024, 9, 30):
    wd = day.weekday()
    for code, city, rooms, rate in props:
        ooo = random.choices([0, 1, 2, 3, 4, 6], [30, 25, 20, 12, 8, 5])[0]
        avail = rooms - ooo
        demand = 0.78 + (0.12 if wd in (4, 5) else 0.0) + (0.1 if city == "Edinburgh" and day.month == 8 else 0.0) + random.uniform(-0.16, 0.12)
        sold = min(avail, int(avail * demand))
        comp = random.choices([0, 1, 2, 3], [55, 25, 12, 8])[0]
        adr = rate * (1.0 + (0.18 if wd in (4, 5) else 0.0) + (0.55 if city == "Edinburgh" and day.month == 8 else 0.0)) * random.uniform(0.9, 1.12)
        rrev = round(sold * adr, 2)
        guests = int(sold * random.uniform(1.35, 1.75)) + comp
        fb = round(guests * random.uniform(14, 27), 2)
        oth = round(sold * random.uniform(0.8, 3.5), 2)
        arr = int(sold * random.uniform(0.35, 0.6))
        dep = int(sold * random.uniform(0.35, 0.6))
        ns = random.choices([0, 1, 2, 3, 4, 5], [30, 28, 18, 12, 7, 5])[0] + (1 if code == "MANPC" else 0)
        cxl = random.randint(2, 14) + (3 if code == "MANPC" else 0)
        rows.append([day.isoformat(), code, city, avail, ooo, sold, comp, guests, arr, dep, ns, cxl, rrev, fb, oth, random.choice(["JPK", "AMO", "RSV", "LTN"])])
    day += dt.timedelta(days=1)
w("NIGHT_AUDIT_Q3_2024.csv",
  ["BUSINESS_DATE", "PROP_CODE", "CITY", "RMS_AVAIL", "RMS_OOO", "RMS_SOLD", "COMP_RMS", "IN_HOUSE_GUESTS", "ARR", "DEP", "NO_SHOW", "CXL", "ROOM_REV", "FB_REV", "OTHER_REV", "AUDITOR"], rows)

# Insurance claims register: one row per claim notified July-December 2024.
lines = {"MTR": ["ACC", "THF", "GLS", "FIR"], "HHB": ["EOW", "THF", "STM", "ACC", "FIR", "SUB"], "HHC": ["ACC", "THF", "EOW"], "TRV": ["MED", "CNX", "BAG"]}
paid_scale = {"ACC": 2600, "THF": 3100, "GLS": 290, "FIR": 9800, "EOW": 4200, "STM": 2300, "SUB": 14500, "MED": 1900, "CNX": 820, "BAG": 560}
handlers = ["K. Osei", "M. Brennan", "P. Szabo", "H. Iqbal", "D. Whitlock"]
regions = ["Scotland", "North", "Midlands", "London", "South", "Wales"]
rows = []
for i in range(310):
    line = random.choices(list(lines), [38, 34, 14, 14])[0]
    peril = random.choice(lines[line])
    notified = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    lag = int(random.expovariate(1 / 6.0)) if peril != "SUB" else random.randint(10, 70)
    loss = notified - dt.timedelta(days=lag)
    reserve = round(paid_scale[peril] * random.lognormvariate(0, 0.55), -1)
    excess = {"MTR": random.choice([250, 350, 500]), "HHB": random.choice([100, 250, 350]), "HHC": random.choice([50, 100]), "TRV": random.choice([0, 75, 100])}[line]
    age = (dt.date(2024, 12, 31) - notified).days
    r = random.random()
    fraud = "Y" if random.random() < (0.11 if peril in ("THF", "FIR") else 0.04) else "N"
    if r < 0.09:
        status, settled, paid = "DECLINED", notified + dt.timedelta(days=random.randint(5, 40)), 0.0
    elif r < 0.13:
        status, settled, paid = "WITHDRAWN", None, 0.0
    elif age > 25 and r < (0.9 if fraud == "N" else 0.5):
        dur = int(random.uniform(6, 30) * (2.5 if peril in ("SUB", "FIR", "EOW") else 1.0))
        settled = notified + dt.timedelta(days=dur)
        if settled > dt.date(2024, 12, 31):
            status, settled, paid = "OPEN", None, round(reserve * random.uniform(0, 0.4), 2)
        else:
            status, paid = "SETTLED", round(max(0.0, reserve * random.uniform(0.6, 1.25) - excess), 2)
    else:
        status, settled, paid = "OPEN", None, round(reserve * random.choice([0, 0, 0.2, 0.5]), 2)
    rows.append([f"CLM-24-{10417 + i * 3 + random.randint(0, 2):06d}", f"{line}{random.randint(1000000, 9999999)}", line, peril,
                 loss.strftime("%d-%b-%Y"), notified.strftime("%d-%b-%Y"), settled.strftime("%d-%b-%Y") if settled else "",
                 status, reserve if status == "OPEN" else "", paid, excess, random.choice(handlers if line != "TRV" else handlers[:3]), fraud, random.choice(regions)])
rows.sort(key=lambda r: dt.datetime.strptime(r[5], "%d-%b-%Y"))
w("claimsRegister_2024H2.csv",
  ["claimRef", "policyNo", "productLine", "perilCode", "lossDate", "notifiedDate", "closedDate", "claimStatus", "osReserveAmt", "paidToDateAmt", "excessAmt", "handlerName", "siuReferral", "riskRegion"], rows)

# Estate agency viewings diary: one row per booked viewing, January-March 2025.
branches = {"Harrogate": ["Sophie Marsh", "Tom Ridley"], "Ilkley": ["Priya Natt", "Ed Fairclough"], "Otley": ["Gemma Loft", "Callum Shaw"]}
props = []
for b in branches:
    nums = random.sample(range(100, 1000), 22)
    for k in range(22):
        pt = random.choices(["Detached", "Semi-detached", "Terraced", "Flat", "Bungalow"], [20, 30, 25, 15, 10])[0]
        beds = {"Detached": random.choice([3, 4, 4, 5]), "Semi-detached": random.choice([2, 3, 3, 4]), "Terraced": random.choice([2, 2, 3]), "Flat": random.choice([1, 2, 2]), "Bungalow": random.choice([2, 3])}[pt]
        base = {"Harrogate": 1.15, "Ilkley": 1.3, "Otley": 0.9}[b]
        price = int(round((90000 + beds * 68000 + (120000 if pt == "Detached" else 0)) * base * random.uniform(0.85, 1.2), -4))
        if price >= 1000000:
            price = 950000
        props.append((f"{b[:3].upper()}{nums[k]}", b, pt, beds, price, random.uniform(0.3, 3.0)))
rows = []
vid = 55210
for i in range(355):
    p = random.choices(props, [x[5] for x in props])[0]
    ref, b, pt, beds, price, _ = p
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 87))
    if d.weekday() == 6:
        d += dt.timedelta(days=1)
    hh = random.choice([9, 10, 10, 11, 11, 12, 13, 14, 15, 16, 17]) if d.weekday() != 5 else random.choice([9, 10, 11, 12, 13])
    when = dt.datetime(d.year, d.month, d.day, hh, random.choice([0, 15, 30, 45]))
    pos = random.choices(["FTB", "CASH", "CHAIN", "NTS", "SSTC"], [28, 16, 30, 18, 8])[0]
    attended = "Y" if random.random() < 0.88 else "N"
    score = random.choices([1, 2, 3, 4, 5], [8, 15, 30, 30, 17])[0] if attended == "Y" else ""
    if attended == "Y" and score != "" and score >= 4 and random.random() < 0.32 + (0.1 if pos == "CASH" else 0):
        offer, amt = "Y", int(round(price * random.uniform(0.9, 1.01), -3))
    else:
        offer, amt = "N", ""
    rows.append([f"V{vid}", when.strftime("%d/%m/%Y %H:%M"), b, random.choice(branches[b]), ref, pt, beds, price, pos, attended, score, offer, amt])
    vid += random.randint(1, 3)
rows.sort(key=lambda r: dt.datetime.strptime(r[1], "%d/%m/%Y %H:%M"))
w("viewings_diary_2025Q1.csv",
  ["viewing_id", "viewing_datetime", "branch", "negotiator", "property_ref", "prop_type", "beds", "asking_price_gbp", "applicant_position", "attended", "feedback_score", "offer_made", "offer_amt_gbp"], rows)

# Domestic EPC lodgements: one row per certificate lodged by a survey firm, July-December 2024.
assessors = ["EES/019342", "STRO/021187", "EES/024410", "QUID/207731", "ECMK/301288"]
rows = []
for i in range(268):
    pt = random.choices(["House", "Flat", "Bungalow", "Maisonette"], [55, 28, 12, 5])[0]
    form = random.choice(["Detached", "Semi-Detached", "Mid-Terrace", "End-Terrace"]) if pt in ("House", "Bungalow") else random.choice(["Mid-Terrace", "End-Terrace", "Enclosed Mid-Terrace", ""])
    area = round({"House": random.gauss(98, 28), "Flat": random.gauss(58, 14), "Bungalow": random.gauss(76, 16), "Maisonette": random.gauss(70, 12)}[pt], 0)
    area = max(28, area)
    fuel = random.choices(["mains gas", "electricity", "oil", "LPG"], [72, 16, 9, 3])[0]
    score = int(max(12, min(92, random.gauss(63 if fuel == "mains gas" else 51, 11) + (5 if pt == "Flat" else 0))))
    band = "A" if score >= 92 else "B" if score >= 81 else "C" if score >= 69 else "D" if score >= 55 else "E" if score >= 39 else "F" if score >= 21 else "G"
    pot = min(96, score + int(random.uniform(4, 28)))
    pband = "A" if pot >= 92 else "B" if pot >= 81 else "C" if pot >= 69 else "D" if pot >= 55 else "E" if pot >= 39 else "F" if pot >= 21 else "G"
    co2 = round(area * (100 - score) * random.uniform(0.00085, 0.0012) * (1.25 if fuel == "oil" else 1.0), 1)
    heat = int(area * (110 - score) * random.uniform(0.14, 0.2) * (1.3 if fuel in ("electricity", "LPG") else 1.0))
    lodged = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    pc = random.choice(["HG1", "HG2", "HG3", "LS29", "LS21", "BD23", "YO26"]) + f" {random.randint(1, 9)}{random.choice('ABDEFGHJLNPQRSTUWXYZ')}{random.choice('ABDEFGHJLNPQRSTUWXYZ')}"
    tt = random.choices(["marketed sale", "rental (private)", "rental (social)", "new dwelling", "non marketed sale"], [44, 28, 10, 10, 8])[0]
    if tt == "new dwelling":
        score = max(score, random.randint(80, 86))
        band = "B"
        pot = max(pot, score + random.randint(1, 8))
        pband = "A" if pot >= 92 else "B"
    rows.append([f"{random.randint(1000, 9999)}-{random.randint(1000, 9999)}-{random.randint(1000, 9999)}-{random.randint(1000, 9999)}-{random.randint(1000, 9999)}",
                 lodged.isoformat(), pc, pt, form, int(area), band, score, pband, pot, co2, heat, fuel, tt, random.choices(assessors, [30, 22, 18, 16, 14])[0]])
rows.sort(key=lambda r: r[1])
w("EPC Lodgements Export 2024-12.csv",
  ["Certificate Number", "Lodgement Date", "Postcode", "Property Type", "Built Form", "Total Floor Area (m2)", "Current Rating", "Current EE Score", "Potential Rating", "Potential EE Score", "CO2 Emissions (t/yr)", "Heating Cost Current (£/yr)", "Main Fuel", "Transaction Type", "Assessor ID"], rows)
