# Tables of the 35th corpus (seeded), a blind corpus written without reading the analyst. Domains: powder coating
# line jobs (manufacturing), battery storage dispatch log (energy), sewer CCTV condition surveys (utilities),
# warehouse picker performance (logistics), road tanker fuel deliveries to forecourts (energy/logistics).
import random, csv, datetime as dt, math
random.seed(350812)


def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# Powder coating job export: one row per job booked in to the coating shop.
customers = ["Hartwell Gates Ltd", "Norfolk Balustrades", "Apex Shopfitting", "Carrow Steel Fabs", "Brightline Railings",
             "Mereside Joinery", "Tollgate Engineering", "K & P Fabrications", "Wensum Signs", "Oakfield Agri Ltd",
             "Stanway Enclosures", "Redcliffe Metalwork"]
cust_w = [9, 7, 6, 10, 8, 3, 5, 4, 3, 6, 4, 5]
rals = ["RAL 9005", "RAL 7016", "RAL 9010", "RAL 6005", "RAL 3020", "RAL 7035", "RAL 5010", "RAL 9006"]
ral_w = [14, 18, 11, 6, 3, 7, 4, 5]
rows = []
for i in range(268):
    booked = dt.date(2025, 1, 6) + dt.timedelta(days=random.randint(0, 84))
    if booked.weekday() >= 5:
        booked -= dt.timedelta(days=booked.weekday() - 4)
    cust = random.choices(customers, cust_w)[0]
    ral = random.choices(rals, ral_w)[0]
    finish = random.choices(["Matt", "Satin", "Gloss", "Texture"], [5, 6, 3, 4])[0]
    sub = random.choices(["MS", "GALV", "ALU"], [6, 4, 3])[0]
    pre = {"MS": random.choice(["Blast", "Blast", "Both"]), "GALV": random.choice(["Chem", "Both", "Both"]), "ALU": "Chem"}[sub]
    qty = random.choice([1, 2, 4, 6, 8, 10, 12, 20, 24, 40, 60, 100])
    area = round(qty * random.uniform(0.15, 2.8) if qty < 40 else qty * random.uniform(0.08, 0.6), 2)
    area = max(area, 0.6)
    powder = round(area * random.uniform(0.13, 0.21), 2)
    line = random.choices(["Line 1", "Line 2", "Batch Oven"], [5, 4, 2])[0]
    temp = random.choice([180, 190, 200, 200, 200, 210]) if line != "Batch Oven" else random.choice([180, 190, 200])
    cure = random.choice([10, 12, 15, 15, 20]) if line != "Batch Oven" else random.choice([20, 25, 30])
    dft = round(random.gauss(78 if finish != "Texture" else 95, 9) + (8 if sub == "GALV" else 0), 1)
    rework = "Y" if random.random() < (0.16 if sub == "GALV" else 0.07) else "N"
    rej = random.randint(1, max(1, qty // 6)) if rework == "Y" else ""
    price = round(max(45.0, area * random.uniform(11.5, 19.0) + (35 if pre == "Both" else 0) + (25 if ral in ("RAL 3020", "RAL 5010") else 0)), 2)
    tat = random.randint(3, 12) + (4 if rework == "Y" else 0)
    done = booked + dt.timedelta(days=tat)
    done_s = done.strftime("%d/%m/%Y") if done <= dt.date(2025, 4, 4) else ""
    coater = random.choice(["D. Fenn", "J. Kowalski", "S. Mortimer", "R. Adeyemi"])
    rows.append([booked, cust, ral, finish, sub, pre, qty, area, powder, line, temp, cure, dft, rework, rej, coater, price, done_s])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows):
    out.append([f"PC-25{n + 1041:04d}", r[0].strftime("%d/%m/%Y")] + r[1:])
w("PowderCoat Job Export 2025-03.csv",
  ["Job No.", "Booked In", "Customer", "RAL", "Finish", "Substrate", "Pretreat", "Qty", "Area m2", "Powder kg", "Line",
   "Oven Temp C", "Cure_min", "Avg DFT (um)", "Rework", "Reject Qty", "Coater", "Price (£)", "Completed"], out)


# Battery energy storage dispatch log: one row per dispatch event across the portfolio.
sites = {"CLAYHILL": 49.9, "BRAMFORD_B": 57.0, "NURSLING": 25.0, "THURCROFT": 40.0, "WHITELEE_S": 30.0}
site_w = [6, 7, 4, 5, 3]
services = ["WHS", "BM", "DC", "DM", "DR"]
rows = []
for i in range(312):
    site = random.choices(list(sites), site_w)[0]
    mw = sites[site]
    start = dt.datetime(2025, 7, 1) + dt.timedelta(minutes=30 * random.randint(0, 92 * 48 - 6))
    svc = random.choices(services, [9, 6, 4, 2, 2])[0]
    if svc == "WHS":
        mode = "DIS" if start.hour in range(16, 21) or random.random() < 0.35 else "CHG"
    else:
        mode = random.choices(["DIS", "CHG"], [6, 4])[0]
    dur = random.choice([30, 30, 60, 60, 90, 120]) if svc in ("WHS", "BM") else random.choice([30, 60])
    end = start + dt.timedelta(minutes=dur)
    peak = round(mw * random.uniform(0.35, 1.0), 1)
    energy = round(peak * dur / 60 * random.uniform(0.7, 0.98), 2)
    cap = mw * 2
    swing = energy / cap * 100
    if mode == "DIS":
        s0 = round(random.uniform(max(swing + 8, 35), 96), 1)
        s1 = round(s0 - swing, 1)
    else:
        s0 = round(random.uniform(5, min(92 - swing, 60)), 1)
        s1 = round(s0 + swing, 1)
    base = {"WHS": 78, "BM": 96, "DC": 12, "DM": 9, "DR": 7}[svc]
    if mode == "DIS":
        price = round(base * random.uniform(0.8, 1.6) + (25 if start.hour in (17, 18, 19) and svc in ("WHS", "BM") else 0), 2)
        rev = round(energy * price, 2)
    else:
        price = round(base * random.uniform(0.3, 0.8), 2) if svc in ("WHS", "BM") else round(base * random.uniform(0.8, 1.2), 2)
        rev = round(-energy * price, 2) if svc in ("WHS", "BM") else round(energy * price * 0.4, 2)
    instr = {"BM": "NESO", "DC": "AUTO", "DM": "AUTO", "DR": "AUTO", "WHS": "TRADER"}[svc]
    if svc == "WHS" and random.random() < 0.15:
        instr = "AUTO"
    aux = round(random.uniform(0.05, 0.4), 2) if random.random() < 0.8 else ""
    rows.append([start, end, site, mw, mode, svc, instr, peak, energy, s0, s1, price, rev, aux])
rows.sort(key=lambda r: (r[0], r[2]))
out = []
for n, r in enumerate(rows):
    out.append([f"DSP-{n + 20871}", r[0].strftime("%Y-%m-%d %H:%M:%S"), r[1].strftime("%Y-%m-%d %H:%M:%S")] + r[2:])
w("BESS_DISPATCH_LOG_Q3_2025.csv",
  ["EVENT_ID", "START_UTC", "END_UTC", "SITE", "EXPORT_CAP_MW", "MODE", "SERVICE", "INSTRUCTED_BY", "PEAK_MW",
   "ENERGY_MWH", "SOC_START_PCT", "SOC_END_PCT", "PRICE_GBP_MWH", "CASHFLOW_GBP", "AUX_LOSS_MWH"], out)


# Sewer CCTV condition surveys: one row per pipe length surveyed (manhole to manhole).
towns = {"Ashby": ["Market St", "Brook Lane", "Kilwardby Rd", "Derby Rd", "Station Rd"],
         "Coalville": ["Belvoir Rd", "London Rd", "Ashburton Rd", "Hotel St"],
         "Whitwick": ["Cademan St", "North St", "Church Lane"],
         "Ibstock": ["High St", "Leicester Rd", "Pretoria Rd"],
         "Castle Donington": ["Bondgate", "Clapgun St", "Moira Dale"]}
town_w = [7, 9, 4, 3, 5]
contractors = {"Lanes Group": (5.6, 7.9), "Jetchem": (4.8, 6.6), "Dyno-Rod Commercial": (6.4, 9.2), "AquaSurvey UK": (4.2, 5.9)}
mats = ["VC", "CONC", "PVC", "BRICK", "AC"]
rows = []
assets = []
for i in range(252):
    town = random.choices(list(towns), town_w)[0]
    street = random.choice(towns[town])
    if assets and random.random() < 0.07:
        a = random.choice(assets)
        town, street, aid, mat, dia, length = a
    else:
        mat = random.choices(mats, [10, 6, 4, 2, 2])[0]
        dia = random.choice({"VC": [100, 150, 150, 225, 300], "CONC": [300, 375, 450, 600], "PVC": [150, 225], "BRICK": [600, 900, 1050], "AC": [150, 225, 300]}[mat])
        length = round(random.uniform(18, 95), 1)
        aid = f"SK{random.randint(30, 49)}{random.randint(10, 99)}-{random.randint(1000, 9999)}"
        assets.append((town, street, aid, mat, dia, length))
    d = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    while d.weekday() >= 5:
        d += dt.timedelta(days=1)
    con = random.choices(list(contractors), [8, 6, 3, 5])[0]
    ab = random.random() < (0.22 if mat in ("VC", "BRICK") else 0.1)
    surveyed = round(length * random.uniform(0.15, 0.85), 1) if ab else length
    reason = random.choices(["Blockage", "Roots", "Water level", "Collapse", "Silt"], [6, 4, 3, 1, 3])[0] if ab else ""
    sgrade = random.choices([1, 2, 3, 4, 5], {"VC": [4, 5, 4, 3, 2], "CONC": [6, 5, 3, 2, 1], "PVC": [9, 3, 1, 1, 0.3], "BRICK": [3, 4, 4, 3, 2], "AC": [3, 4, 5, 3, 1]}[mat])[0]
    svgrade = random.choices([1, 2, 3, 4, 5], [5, 4, 3, 2, 1])[0]
    if reason in ("Roots", "Blockage", "Silt"):
        svgrade = max(svgrade, 4)
    if reason == "Collapse":
        sgrade = 5
    defects = max(0, int(random.gauss(sgrade * 2.2 + svgrade * 1.1, 2.5)))
    roots = "Y" if reason == "Roots" or (mat in ("VC", "BRICK") and random.random() < 0.25) else "N"
    lo, hi = contractors[con]
    cost = round(95 + surveyed * random.uniform(lo, hi) + (120 if dia >= 600 else 0), 2)
    rows.append([d, con, town, street, aid, mat, dia, length, surveyed, "Y" if ab else "N", reason, sgrade, svgrade, defects, roots, cost])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows):
    out.append([f"CCTV-24-{n + 311:04d}", r[0].isoformat()] + r[1:])
w("sewerCctvSurveys_2024H2.csv",
  ["surveyRef", "surveyDate", "contractor", "town", "streetName", "assetId", "pipeMaterial", "pipeDia_mm", "pipeLength_m",
   "surveyedLength_m", "abandoned", "abandonReason", "strucGrade", "servGrade", "defectCount", "rootIntrusion", "costGBP"], out)


# Warehouse pick performance: one row per picker per shift, weeks 14 to 26.
pickers = [("P1043", "Tomasz Nowak", "N"), ("P1051", "Shona Reid", "N"), ("P1077", "Liam Carver", "N"), ("P1102", "Aisha Begum", "N"),
           ("P1119", "Gary Pollard", "N"), ("P1136", "Marta Silva", "N"), ("A2208", "Dariusz Zielinski", "Y"),
           ("A2215", "Kemi Adebayo", "Y"), ("A2231", "Ryan Hulme", "Y"), ("A2240", "Ionut Popescu", "Y"),
           ("P1158", "Nicola Hart", "N"), ("A2252", "Sam Whitfield", "Y")]
skill = {p[0]: random.uniform(0.8, 1.2) for p in pickers}
zones = {"Ambient": (165, 2.9, "LLOP"), "Chilled": (150, 2.4, "LLOP"), "Frozen": (118, 2.1, "RT"), "Bulk": (62, 8.5, "RT"), "Mezzanine": (205, 1.4, "Hand")}
rows = []
for i in range(356):
    wk = random.randint(14, 26)
    day = dt.date(2025, 3, 31) + dt.timedelta(weeks=wk - 14, days=random.randint(0, 5))
    shift = random.choices(["Early", "Late", "Night"], [5, 4, 3])[0]
    pid, name, agency = random.choice(pickers)
    zone = random.choices(list(zones), [9, 6, 3, 2, 3])[0]
    lph, upl, mhe = zones[zone]
    hrs = round(random.choice([7.5, 7.5, 7.5, 8.0, 8.0, 9.5, 10.0, 6.0, 4.0]) - random.choice([0, 0, 0, 0.25, 0.5]), 2)
    lines = int(hrs * lph / 2.0 * skill[pid] * random.uniform(0.82, 1.1) * (0.93 if shift == "Night" else 1))
    units = int(lines * upl * random.uniform(0.85, 1.15))
    mis = sum(1 for _ in range(lines) if random.random() < (0.0042 if agency == "Y" else 0.0022))
    short = random.randint(0, 12) if random.random() < 0.6 else ""
    target = {"Ambient": 250, "Chilled": 185, "Frozen": 125, "Bulk": 275, "Mezzanine": 150}[zone]
    rows.append([wk, day, shift, pid, name, agency, zone, mhe, hrs, lines, units, mis, short, target])
rows.sort(key=lambda r: (r[1], ["Early", "Late", "Night"].index(r[2]), r[3]))
out = [[r[0], r[1].strftime("%d/%m/%Y")] + r[2:] for r in rows]
w("Pick Performance Report Wk14-26 2025.csv",
  ["Week No", "Shift Date", "Shift", "Picker ID", "Picker Name", "Agency", "Zone", "MHE", "Hrs Logged", "Lines Picked",
   "Units Picked", "Mispicks", "Short Picks", "Target UPH"], out)


# Road tanker deliveries to forecourts: one row per compartment drop, May 2025.
terminals = {"Kingsbury": 55, "Grays": 80, "Immingham": 110}
sites = [("FS0112", "Lichfield Rd SF", "Kingsbury"), ("FS0127", "Tamworth Bypass", "Kingsbury"), ("FS0140", "Nuneaton Weddington", "Kingsbury"),
         ("FS0203", "Basildon Cranes Farm", "Grays"), ("FS0219", "Chelmsford Army & Navy", "Grays"), ("FS0224", "Southend Progress Rd", "Grays"),
         ("FS0231", "Brentwood Shenfield", "Grays"), ("FS0305", "Scunthorpe Ashby Rd", "Immingham"), ("FS0318", "Grimsby Cromwell Rd", "Immingham"),
         ("FS0322", "Louth Fairfield", "Immingham"), ("FS0336", "Brigg Bypass", "Immingham")]
site_w = [6, 5, 4, 7, 5, 4, 3, 5, 6, 2, 3]
hauliers = {"Hoyer": (1.55, 1.85), "Suckling Transport": (1.7, 2.05), "Fuel Logistics Grp": (1.45, 1.75), "Wincanton Energy": (1.6, 1.95)}
drivers = {"Hoyer": ["M. Bradley", "C. Lunn", "A. Grant"], "Suckling Transport": ["P. Eastwood", "J. Hibbert"],
           "Fuel Logistics Grp": ["S. Patel", "D. Marsh", "K. Oduya"], "Wincanton Energy": ["T. Rowe", "B. Sheeran"]}
regs = {"Hoyer": ["HY21 KTA", "HY70 PWD"], "Suckling Transport": ["SK19 FUE"], "Fuel Logistics Grp": ["FL22 ODX", "FL69 RMB"], "Wincanton Energy": ["WE23 TNK"]}
rows = []
for i in range(327):
    code, sname, term = random.choices(sites, site_w)[0]
    haul = random.choices(list(hauliers), [7, 3, 5, 4])[0]
    load = dt.datetime(2025, 5, 1, 3, 0) + dt.timedelta(days=random.randint(0, 30), minutes=random.randint(0, 17 * 60))
    transit = terminals[term] + random.randint(-10, 35) + (25 if 7 <= load.hour <= 9 or 16 <= load.hour <= 18 else 0) + random.choice([0, 0, 0, 15])
    arrive = load + dt.timedelta(minutes=transit)
    prod = random.choices(["ULSP", "DERV", "SUPER", "GO"], [8, 7, 2, 1])[0]
    ordered = random.choice([3000, 4000, 5000, 6000, 7000, 7000, 8000, 9000]) if prod != "SUPER" else random.choice([3000, 4000, 5000])
    short = random.random() < 0.09
    delivered = ordered - (random.choice([200, 300, 400, 500, 650, 800, 1000]) if short else 0) + random.randint(-12, 12)
    temp = round(random.gauss(13.5, 3.2), 1)
    coef = 0.00095 if prod == "DERV" or prod == "GO" else 0.00125
    v15 = round(delivered * (1 - coef * (temp - 15)))
    dis = int(delivered / random.uniform(420, 560) + random.randint(6, 14))
    lo, hi = hauliers[haul]
    haulage = round(delivered / 1000 * random.uniform(lo, hi) * (terminals[term] / 70) + 18, 2)
    rows.append([load, arrive, term, code, sname, prod, ordered, delivered, temp, v15, dis, haul, random.choice(regs[haul]),
                 random.choice(drivers[haul]), "Y" if short else "N", haulage])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows):
    out.append([f"DN{n + 884120}", r[0].strftime("%d/%m/%Y %H:%M"), r[1].strftime("%d/%m/%Y %H:%M")] + r[2:])
w("Road Tanker Deliveries 2025-05.csv",
  ["Del Note No", "Load Date/Time", "Arrive Date/Time", "Terminal", "Site Code", "Site Name", "Product", "Ordered (L)",
   "Delivered (L)", "Temp degC", "Vol @15C (L)", "Discharge Mins", "Haulier", "Tractor Reg", "Driver", "Short Del", "Haulage (£)"], out)
