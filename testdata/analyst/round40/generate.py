# Tables of the 40th corpus (seeded), a blind corpus written without reading the analyst. Domains: prepayment
# energy meter top-up (vend) transactions, restaurant-group kitchen food waste log, heat treatment furnace
# load register, charity donations and Gift Aid register, air source heat pump installation register.
import random, csv, math, datetime as dt
random.seed(40417)


def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def money(x):
    return f"{x:.2f}"


# 1. Prepayment meter vends (energy supplier back office export): one row per top-up, March 2025.
regions = ["NW", "YS", "MID", "LON", "SW", "NE"]
region_w = [24, 20, 16, 13, 9, 8]
meters = []
for n in range(150):
    fuel = random.choices(["ELEC", "GAS"], [62, 38])[0]
    serial = ("E" if fuel == "ELEC" else "G") + f"{random.randint(10, 24):02d}P" + f"{random.randint(0, 999999):06d}"
    meters.append({"serial": serial, "fuel": fuel, "region": random.choices(regions, region_w)[0],
                   "debt": random.random() < 0.3, "debt_rate": random.choice([0.10, 0.15, 0.20, 0.25])})
channels = ["PAYPOINT", "PAYZONE", "APP", "WEB", "IVR", "POST OFFICE"]
chan_w = [30, 17, 26, 11, 5, 8]
hours = list(range(24))
hour_w = [1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 8, 8, 9, 8, 7, 7, 8, 9, 9, 8, 7, 5, 3, 2]
rows = []
for i in range(380):
    m = random.choice(meters)
    t = dt.datetime(2025, 3, 1) + dt.timedelta(days=random.randint(0, 30), hours=random.choices(hours, hour_w)[0],
                                               minutes=random.randint(0, 59))
    ch = random.choices(channels, chan_w)[0]
    if ch in ("APP", "WEB") and random.random() < 0.35:
        amt = round(random.uniform(5, 60), 2)
    else:
        amt = float(random.choice([5, 10, 10, 10, 15, 20, 20, 20, 25, 30, 30, 40, 50]))
    sc_rate = 0.5381 if m["fuel"] == "ELEC" else 0.3165
    sc = round(sc_rate * random.randint(1, 9), 2)
    debt = round(amt * m["debt_rate"], 2) if m["debt"] else None
    credit = round(amt - sc - (debt or 0), 2)
    if credit < 1:
        sc = round(max(0, amt - (debt or 0) - 1.5), 2)
        credit = round(amt - sc - (debt or 0), 2)
    rate = 0.2486 if m["fuel"] == "ELEC" else 0.0634
    kwh = round(credit / rate, 1)
    ecv = "Y" if random.random() < 0.21 else "N"
    status = "REV" if random.random() < 0.03 else "OK"
    rows.append([t, m["serial"], m["fuel"], m["region"], ch, amt, debt, sc, credit, kwh, ecv, status])
rows.sort(key=lambda r: r[0])
out = []
for k, r in enumerate(rows):
    t, serial, fuel, reg, ch, amt, debt, sc, credit, kwh, ecv, status = r
    out.append([f"VND{2503000000 + 17 * k + random.randint(0, 16)}", t.strftime("%d/%m/%Y %H:%M"), serial, fuel, reg, ch,
                money(amt), "" if debt is None else money(debt), money(sc), money(credit), kwh, ecv, status])
w("Prepay Vend Transactions 2025-03.csv",
  ["Txn Ref", "Vend Date/Time", "Meter Serial", "Fuel", "Region", "Channel", "Top-up Amt (£)", "Debt Recovery (£)",
   "Standing Chg Deducted (£)", "Credit Applied (£)", "kWh Equiv", "ECV Active", "Vend Status"], out)

# 2. Kitchen food waste log across a restaurant group, Q2 2025: one row per weighed waste entry.
sites = ["Leeds Briggate", "York Stonegate", "Harrogate Parliament St", "Manchester NQ"]
site_w = [32, 24, 18, 26]
items = {  # item: (category, station, cost per kg)
    "Chips": ("Veg", "Fry", 1.35), "Beef patty": ("Protein", "Grill", 9.80), "Chicken thigh": ("Protein", "Grill", 6.40),
    "Brioche bun": ("Bakery", "Pastry", 3.10), "Sourdough": ("Bakery", "Pastry", 2.85), "Salad mix": ("Veg", "Cold", 5.20),
    "Tomatoes": ("Veg", "Cold", 2.60), "Cheddar": ("Dairy", "Cold", 8.90), "Double cream": ("Dairy", "Pastry", 4.30),
    "Rice": ("Dry", "Prep", 1.90), "Hake fillet": ("Protein", "Grill", 14.50), "Hollandaise": ("Dairy", "Prep", 6.70),
    "Onion rings": ("Veg", "Fry", 3.40), "Brownie": ("Bakery", "Pastry", 7.20), "Coleslaw": ("Veg", "Cold", 3.90),
}
reasons = ["OVERPROD", "SPOIL", "PLATE", "EXPIRED", "DROP", "TRIM"]
reason_w = [30, 16, 27, 11, 5, 11]
staff = ["JH", "KM", "AO", "RP", "SL", "TW", "DB", "NC"]
rows = []
for i in range(330):
    d = dt.date(2025, 4, 1) + dt.timedelta(days=random.randint(0, 90))
    site = random.choices(sites, site_w)[0]
    svc = random.choices(["BRK", "LUN", "DIN"], [18, 35, 47])[0]
    item = random.choice(list(items))
    cat, station, cpk = items[item]
    reason = random.choices(reasons, reason_w)[0]
    if reason == "PLATE":
        station = "Pass"
    wt = round(random.lognormvariate(-0.2, 0.75), 2)
    if reason == "OVERPROD":
        wt = round(wt * 1.6, 2)
    wt = max(wt, 0.05)
    cost = round(wt * cpk, 2)
    donated = "" if reason in ("PLATE", "DROP", "TRIM", "SPOIL") else ("Y" if random.random() < 0.22 else "N")
    rows.append([d, site, svc, station, item, cat, reason, wt, cpk, cost, donated, random.choice(staff)])
rows.sort(key=lambda r: (r[0], r[1]))
out = [[f"W{25000 + k + 1}", r[0].isoformat()] + r[1:7] + [f"{r[7]:.2f}", f"{r[8]:.2f}", f"{r[9]:.2f}"] + r[10:]
       for k, r in enumerate(rows)]
w("WASTE_LOG_Q2_2025.csv",
  ["LOG_ID", "LOG_DATE", "SITE", "SERVICE", "STATION", "ITEM", "CATEGORY", "REASON_CD", "WT_KG", "COST_PER_KG",
   "COST_GBP", "DONATED_YN", "LOGGED_BY"], out)

# 3. Heat treatment furnace load register, H2 2024: one row per furnace load.
furnaces = {"VF-01": ["HARDEN", "TEMPER", "ANNEAL"], "IQ-02": ["HARDEN", "CARBURISE", "NORMALISE"],
            "IQ-03": ["HARDEN", "CARBURISE"], "TF-04": ["TEMPER", "ANNEAL", "NORMALISE"]}
furn_w = [22, 31, 26, 21]
grades = ["EN24T", "EN19", "EN36", "4140", "17-4PH", "D2", "EN8"]
customers = ["Ashworth Gears Ltd", "Pennine Hydraulics", "Calder Precision", "Northfield Aero", "Brigg Tooling",
             "Whitcroft Engineering"]
cust_w = [20, 17, 15, 12, 18, 18]
ops = ["G. Hirst", "M. Kaur", "P. Doyle", "S. Nowak"]
rows = []
for i in range(265):
    f = random.choices(list(furnaces), furn_w)[0]
    proc = random.choice(furnaces[f])
    grade = "EN36" if proc == "CARBURISE" and random.random() < 0.6 else random.choice(grades)
    start = dt.datetime(2024, 7, 1, 5) + dt.timedelta(minutes=random.randint(0, 183 * 24 * 60 // 15) * 15)
    setp = {"HARDEN": random.choice([830, 840, 850, 860, 1010, 1030]), "TEMPER": random.choice([180, 200, 450, 550, 600, 620]),
            "ANNEAL": random.choice([680, 700, 720, 860]), "CARBURISE": random.choice([900, 920, 930]),
            "NORMALISE": random.choice([870, 880, 900])}[proc]
    soak = {"HARDEN": random.randint(6, 18) * 5, "TEMPER": random.randint(12, 36) * 5, "ANNEAL": random.randint(24, 60) * 5,
            "CARBURISE": random.randint(36, 120) * 5, "NORMALISE": random.randint(6, 15) * 5}[proc]
    cycle = soak + random.randint(90, 240) + (60 if f == "VF-01" else 0)
    end = start + dt.timedelta(minutes=cycle)
    wt = round(random.uniform(60, 1400 if f != "VF-01" else 600), 1)
    qty = max(1, int(wt / random.choice([0.35, 1.2, 2.5, 8, 22, 45])))
    case = round(random.uniform(0.6, 1.6), 2) if proc == "CARBURISE" else None
    hrc = None
    if proc in ("HARDEN", "CARBURISE"):
        hrc = round(random.uniform(52, 62), 1)
    elif proc == "TEMPER":
        hrc = round(random.uniform(28, 56), 1)
    elif proc == "NORMALISE" and random.random() < 0.5:
        hrc = round(random.uniform(14, 24), 1)
    u = random.random()
    result = "FAIL" if u < 0.07 else ("CONC" if u < 0.12 else "PASS")
    rows.append([start, f, proc, grade, random.choices(customers, cust_w)[0], end, setp, soak, wt, qty, case, hrc, result,
                 random.choice(ops)])
rows.sort(key=lambda r: r[0])
out = []
for k, r in enumerate(rows):
    start, f, proc, grade, cust, end, setp, soak, wt, qty, case, hrc, result, op = r
    out.append([f"HT24-{1040 + k}", f, proc, grade, cust, start.strftime("%Y-%m-%dT%H:%M"), end.strftime("%Y-%m-%dT%H:%M"),
                setp, soak, wt, qty, "" if case is None else case, "" if hrc is None else hrc, result, op])
w("furnaceLoadRegister_2024H2.csv",
  ["loadNo", "furnaceId", "process", "materialGrade", "customerName", "chargeStart", "chargeEnd", "setpointC", "soakMins",
   "loadWeightKg", "partQty", "caseDepthMm", "hardnessHRC", "result", "operator"], out)

# 4. Charity donations and Gift Aid register, FY 2024-25: one row per donation received.
campaigns = ["WINTER24", "XMAS24", "SPRING25", "RUN25", "GEN", "EMERG-FLOOD"]
camp_w = [18, 20, 14, 13, 27, 8]
methods = ["DD", "CARD", "CASH", "CHQ", "JG", "PAYROLL"]
meth_w = [34, 22, 10, 6, 20, 8]
donors = [(f"D{random.randint(100000, 399999)}", random.choices(["Individual", "Company", "Trust"], [88, 8, 4])[0])
          for _ in range(230)]
rows = []
for i in range(395):
    donor, dtype = random.choice(donors)
    d = dt.date(2024, 4, 1) + dt.timedelta(days=random.randint(0, 364))
    camp = random.choices(campaigns, camp_w)[0]
    if camp == "XMAS24":
        d = dt.date(2024, 11, 15) + dt.timedelta(days=random.randint(0, 50))
    elif camp == "WINTER24":
        d = dt.date(2024, 10, 1) + dt.timedelta(days=random.randint(0, 120))
    elif camp == "RUN25":
        d = dt.date(2025, 2, 20) + dt.timedelta(days=random.randint(0, 38))
    elif camp == "SPRING25":
        d = dt.date(2025, 1, 13) + dt.timedelta(days=random.randint(0, 77))
    elif camp == "EMERG-FLOOD":
        d = dt.date(2024, 11, 25) + dt.timedelta(days=random.randint(0, 30))
    meth = random.choices(methods, meth_w)[0]
    if dtype == "Individual":
        if meth == "DD":
            amt = float(random.choice([5, 8, 10, 10, 12, 15, 20, 25]))
        else:
            amt = round(random.lognormvariate(3.2, 0.9), 2) if random.random() < 0.5 else float(random.choice([10, 20, 25, 50, 100]))
    else:
        meth = random.choice(["CHQ", "CARD", "BACS"])
        amt = float(random.choice([250, 500, 750, 1000, 1500, 2500, 5000]))
    gad = "Y" if dtype == "Individual" and meth != "PAYROLL" and random.random() < 0.58 else "N"
    ga = round(amt * 0.25, 2) if gad == "Y" else None
    batch = ""
    if ga is not None and d < dt.date(2025, 2, 1):
        batch = f"GA-{(d + dt.timedelta(days=35)).strftime('%Y-%m')}"
    fund = "Restricted" if camp == "EMERG-FLOOD" or (camp == "RUN25" and random.random() < 0.4) else "Unrestricted"
    rows.append([d, donor, dtype, amt, meth, camp, fund, gad, ga, batch])
rows.sort(key=lambda r: r[0])
out = []
for k, r in enumerate(rows):
    d, donor, dtype, amt, meth, camp, fund, gad, ga, batch = r
    out.append([f"DON-{240000 + k * 3 + 1}", donor, d.strftime("%d/%m/%Y"), dtype, money(amt), meth, camp, fund, gad,
                "" if ga is None else money(ga), batch])
w("donations_giftaid_FY2024-25.csv",
  ["donation_id", "donor_ref", "received_date", "donor_type", "amount_gbp", "payment_method", "campaign_code", "fund_type",
   "gad_on_file", "gift_aid_gbp", "ga_claim_batch"], out)

# 5. Air source heat pump installation register, 2024: one row per job (survey to commissioning).
models = {"Vaillant aroTHERM plus 7kW": 7.0, "Vaillant aroTHERM plus 10kW": 10.0, "Mitsubishi Ecodan 8.5kW": 8.5,
          "Daikin Altherma 3 H HT 14kW": 14.0, "Samsung EHS Mono 12kW": 12.0, "Grant Aerona3 6kW": 6.0}
ptypes = {"Detached": 9.5, "Semi-detached": 6.8, "Terraced": 5.2, "Bungalow": 6.0, "Flat": 3.8}
ptype_w = [24, 33, 19, 17, 7]
areas = ["LS", "HG", "YO", "BD", "HX", "WF"]
area_w = [25, 14, 22, 16, 9, 14]
teams = ["Team A (Otley)", "Team B (Ripon)", "Team C (Selby)", "Subcon - Dales Heat"]
rows = []
for i in range(225):
    survey = dt.date(2024, 1, 3) + dt.timedelta(days=random.randint(0, 330))
    pt = random.choices(list(ptypes), ptype_w)[0]
    hl = round(max(2.5, random.gauss(ptypes[pt], 1.4)), 2)
    fits = [m for m, kw in models.items() if kw >= hl * 1.0]
    model = min(fits, key=lambda m: models[m]) if random.random() < 0.7 else random.choice(fits)
    out_kw = models[model]
    flow = random.choice([40, 45, 45, 50, 50, 55]) if model.startswith("Daikin") is False else random.choice([55, 60, 65])
    scop = round(max(2.6, 4.6 - (flow - 35) * 0.05 + random.uniform(-0.25, 0.25)), 2)
    cyl = {True: random.choice([250, 300]), False: random.choice([150, 180, 200, 210])}[hl > 8]
    rads = random.randint(0, 9)
    quote = round(7200 + out_kw * 620 + rads * 385 + random.uniform(-600, 1400), -1)
    bus = 7500 if random.random() < 0.84 else None
    install = survey + dt.timedelta(days=random.randint(18, 110))
    cutoff = dt.date(2024, 12, 31)
    if install > cutoff:
        install = None
    commissioned = "Y" if install is not None and install + dt.timedelta(days=4) <= cutoff and random.random() < 0.95 else "N"
    mcs = f"MCS-{random.randint(10000000, 99999999)}" if commissioned == "Y" else ""
    rows.append([survey, install, commissioned, pt, random.choices(areas, area_w)[0], hl, model, out_kw, flow, scop, cyl, rads,
                 quote, bus, mcs, random.choice(teams)])
rows.sort(key=lambda r: r[0])
out = []
for k, r in enumerate(rows):
    survey, install, comm, pt, area, hl, model, out_kw, flow, scop, cyl, rads, quote, bus, mcs, team = r
    out.append([f"ASHP-{k + 301:04d}", survey.strftime("%d-%b-%y"), "" if install is None else install.strftime("%d-%b-%y"),
                comm, pt, area, hl, model, out_kw, flow, scop, cyl, rads, money(quote), "" if bus is None else money(bus),
                money(quote - (bus or 0)), mcs, team])
w("ASHP Install Register 2024.csv",
  ["Job No.", "Survey Date", "Install Date", "Commissioned", "Property Type", "Postcode Area", "Heat Loss (kW)",
   "HP Model", "Rated Output (kW)", "Design Flow Temp (C)", "SCOP", "Cylinder (L)", "Rads Replaced (Qty)", "Quote Amt (£)",
   "BUS Grant (£)", "Customer Pays (£)", "MCS Cert No.", "Installer Team"], out)
