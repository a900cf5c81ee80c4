# Tables of the 39th corpus (seeded), a blind corpus written without reading the analyst. Domains: liquid nitrogen dispensing in a research institute (science and research labs), construction plant hire register (construction and facilities management), Riverfly invertebrate monitoring of rivers (environment and conservation), debt advice casework at a community advice charity (charities and community services), tailoring and alterations tickets (personal services).
import random, csv, math, datetime as dt
random.seed(390211)


def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# 1. Liquid nitrogen dispensing log of a research institute's cryogen store, Q3 2025.
# One row per fill, weighed on the store's scale (LN2 about 0.808 kg per litre).
groups = {
    "Structural Biology": ("CC4102", ["A. Okonkwo", "M. Fairbairn", "L. Zhou"]),
    "Cryo-EM Facility": ("CC4117", ["R. Delacroix", "S. Patel", "H. Lindgren"]),
    "Stem Cell Lab": ("CC5230", ["J. McAllister", "P. Nowak"]),
    "Condensed Matter": ("CC6011", ["T. Brennan", "K. Yamada", "E. Costa"]),
    "Plant Genomics": ("CC5304", ["D. Ferreira", "N. Hughes"]),
    "Neuro Imaging": ("CC7045", ["G. Abara", "C. Whitlock"]),
}
gweights = [18, 26, 10, 22, 8, 12]
dewars = {g: [f"DW-{random.randint(1, 99):03d}" for _ in range(3)] for g in groups}
cryostats = {"Condensed Matter": ["CS-PPMS1", "CS-SQUID2"], "Cryo-EM Facility": ["CS-KRIOS"], "Neuro Imaging": ["CS-MRI7T"]}
rows = []
start = dt.datetime(2025, 7, 1, 8, 0)
for i in range(318):
    day = start + dt.timedelta(days=random.randint(0, 91))
    while day.weekday() >= 5 and random.random() < 0.9:
        day += dt.timedelta(days=1)
    t = day.replace(hour=random.randint(8, 16), minute=random.choice(range(0, 60, 1)))
    if t.month > 9:
        t = t.replace(month=9, day=30)
    g = random.choices(list(groups), gweights)[0]
    cc, users = groups[g]
    r = random.random()
    if g in cryostats and r < 0.35:
        ftype, vessel, cap = "CS", random.choice(cryostats[g]), random.choice([60, 100])
    elif r > 0.93:
        ftype, vessel, cap = "SH", f"SH-{random.randint(1, 12):02d}", 4.5
    else:
        ftype, vessel, cap = "DW", random.choice(dewars[g]), random.choice([25, 35, 50])
    litres = round(cap * random.uniform(0.45, 0.97), 1)
    tare = {25: 13.8, 35: 17.2, 50: 22.6, 60: 41.0, 100: 58.5, 4.5: 6.3}[cap] + random.uniform(-0.3, 0.3)
    residual = random.uniform(0, cap * 0.12) * 0.808
    before = round(tare + residual, 1)
    after = round(before + litres * 0.808, 1)
    litres = round((after - before) / 0.808, 1)
    price = 0.42 if t < dt.datetime(2025, 9, 1) else 0.47
    auth = random.choice(["Store Mgr", "H&S Officer"]) if ftype == "SH" else ""
    rows.append([t, vessel, g, random.choice(users), cc, ftype, before, after, litres, f"{price:.2f}", auth])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows, 1):
    out.append([f"LN{250700 + n}", r[0].strftime("%d/%m/%Y %H:%M")] + r[1:])
w("LN2_DISPENSE_LOG_Q3_2025.csv",
  ["Txn ID", "Dispensed At", "Vessel No.", "Research Group", "User", "Cost Centre", "Fill Type",
   "Gross Before (kg)", "Gross After (kg)", "Litres", "Price/L (£)", "Authorised By"], out)


# 2. Plant hire register of a groundworks contractor, July-December 2024.
# One row per hire; offHireDate blank while the item is still on hire at export.
sites = {"S101": "Kingsmead Primary Extension", "S104": "Riverside Flats Block C", "S107": "A614 Drainage Upgrade",
         "S112": "Hollins Lane Retail Park", "S115": "Bramley Care Home"}
plant = {  # type: (day rate range, transport, typical days)
    "13t Excavator": ((185, 230), 180, 28), "8t Excavator": ((140, 170), 150, 24),
    "3t Mini Digger": ((75, 95), 90, 12), "6t Swivel Dumper": ((80, 105), 110, 26),
    "Telehandler 14m": ((160, 205), 150, 30), "Ride-on Roller": ((70, 90), 110, 9),
    "Tower Light": ((22, 30), 60, 35), "20kVA Generator": ((30, 42), 60, 20),
}
pweights = [14, 12, 18, 16, 10, 8, 12, 10]
suppliers = ["Northway Plant", "Caldermoor Hire", "Brightwell Plant Services", "Trentside Hire"]
rows = []
for i in range(236):
    on = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 175))
    while on.weekday() >= 5:
        on += dt.timedelta(days=1)
    p = random.choices(list(plant), pweights)[0]
    (lo, hi), trans, typ = plant[p]
    days = max(1, int(random.expovariate(1 / typ)) + 1)
    off = on + dt.timedelta(days=days)
    off_s = off.isoformat() if off <= dt.date(2024, 12, 31) else ""
    rate = random.randint(lo, hi)
    operated = "Y" if p in ("13t Excavator", "8t Excavator", "Telehandler 14m") and random.random() < 0.3 else "N"
    if operated == "Y":
        rate += 240
    bd = random.choice([0] * 12 + [1, 1, 2, 3, 5])
    site = random.choice(list(sites))
    rows.append([on, site, sites[site], p, random.choice(suppliers), on.isoformat(), off_s, rate,
                 trans + random.choice([0, 0, 0, 25, 40]), bd, operated,
                 f"PO-{random.randint(40000, 49999)}" if random.random() < 0.9 else ""])
rows.sort(key=lambda r: r[0])
out = [[f"PH-24-{n:04d}"] + r[1:] for n, r in enumerate(rows, 1)]
w("plantHireRegister_2024H2.csv",
  ["hireRef", "siteCode", "siteName", "plantType", "supplier", "onHireDate", "offHireDate", "dayRate_GBP",
   "transportChg_GBP", "breakdownDays", "operatedHire", "poNumber"], out)


# 3. Riverfly (ARMI) monitoring export of a rivers trust, January-June 2025.
# One row per kick sample; each group's count is scored 0/1/2/3/4 by abundance band.
rivers = {  # river: [(site id, trigger, health)]
    "River Wharfe": [("WHA-01", 10, 1.0), ("WHA-03", 9, 0.9), ("WHA-06", 8, 0.7)],
    "River Nidd": [("NID-02", 8, 0.75), ("NID-04", 7, 0.55)],
    "Ouseburn": [("OUB-01", 6, 0.4), ("OUB-02", 6, 0.5)],
    "River Skell": [("SKE-01", 9, 0.85), ("SKE-02", 8, 0.8)],
    "Crimple Beck": [("CRI-01", 6, 0.45), ("CRI-03", 5, 0.35)],
}
monitors = ["Hannah Pryce", "Graham Tordoff", "Aisha Rahman", "Colin Beckwith", "Megan Lister", "Tom Ashworth", "Rita Gomes"]
taxa_base = {"Cased Caddis": 40, "Caseless Caddis": 55, "Mayfly (Ephemeridae)": 12, "Flat-bodied (Heptageniidae)": 35,
             "Olives (Baetidae)": 180, "Stoneflies (Plecoptera)": 30, "Freshwater Shrimp (Gammarus)": 260}


def band(n):
    return 0 if n == 0 else 1 if n < 10 else 2 if n < 100 else 3 if n < 1000 else 4


rows = []
allsites = [(rv, s, trig, h) for rv, ss in rivers.items() for s, trig, h in ss]
for i in range(212):
    rv, site, trig, health = random.choice(allsites)
    d = dt.date(2025, 1, 6) + dt.timedelta(days=random.randint(0, 170))
    month_f = 0.6 + 0.5 * math.sin((d.timetuple().tm_yday - 30) / 365 * math.pi * 2 / 1.3)
    incident = random.random() < 0.08
    counts = []
    for tx, base in taxa_base.items():
        mean = base * health * max(0.25, month_f) * (0.1 if incident else 1)
        n = int(random.expovariate(1 / mean)) if random.random() < 0.85 else 0
        counts.append(n)
    armi = sum(band(n) for n in counts)
    temp = round(4 + 10 * max(0, (d.timetuple().tm_yday - 20) / 170) + random.uniform(-1.5, 1.5), 1)
    flow = random.choices(["L", "N", "H"], [2, 6, 2])[0]
    comment = random.choice(["Sewage fungus noted", "Orange silt on bed", "Possible slurry smell", "Reported to EA"]) if incident and random.random() < 0.8 else (
        random.choice(["", "", "", "", "", "Bank works upstream", "High turbidity", "Lots of algae"]))
    rows.append([d, site, rv, random.choice(monitors)] + counts + [armi, trig, "Y" if armi < trig else "N", temp, flow, comment])
rows.sort(key=lambda r: (r[0], r[1]))
out = [[f"RF{5000 + n}", r[1], r[2], r[0].strftime("%d/%m/%Y")] + r[3:] for n, r in enumerate(rows, 1)]
w("Riverfly Samples Export 2025-06.csv",
  ["Sample No.", "Site ID", "Watercourse", "Sample Date", "Monitor"] + list(taxa_base) +
  ["ARMI Score", "Trigger Level", "Below Trigger", "Water Temp (C)", "Flow", "Comments"], out)


# 4. Debt advice case list of a community advice charity, financial year 2024-25.
# One row per client case; Closed and Solution are blank while a case is open.
advisers = ["Bev Holloway", "Kwame Mensah", "Sarah Lund", "Imran Qureshi", "Jo Pritchard"]
adv_w = [26, 22, 18, 20, 14]
sources = ["Self", "GP Surgery", "Housing Assoc", "Jobcentre", "Food Bank", "Council Tax Team"]
solutions = ["DRO", "DMP", "IVA", "Bankruptcy", "Breathing Space", "Advice Only", "Write-off Request"]
districts = ["LS8", "LS9", "LS11", "LS12", "LS14", "BD3", "WF10"]
rows = []
for i in range(274):
    opened = dt.date(2024, 4, 1) + dt.timedelta(days=random.randint(0, 364))
    hh = random.choices([1, 2, 3, 4, 5, 6], [30, 22, 18, 15, 9, 6])[0]
    total = round(random.lognormvariate(math.log(11000), 0.8), 2)
    prio = round(total * random.uniform(0.05, 0.55), 2)
    cred = min(28, 1 + int(total / random.uniform(2500, 6000)))
    surplus = round(random.gauss(15, 120), 2)
    if surplus < -20 and total < 50000:
        sol = random.choice(["DRO", "DRO", "Write-off Request", "Breathing Space", "Advice Only"])
    elif total > 30000:
        sol = random.choice(["IVA", "Bankruptcy", "DMP", "DMP"])
    else:
        sol = random.choice(["DMP", "DMP", "Advice Only", "Breathing Space", "DRO"])
    days = int(random.lognormvariate(math.log(55), 0.6))
    closed = opened + dt.timedelta(days=days)
    if closed > dt.date(2025, 3, 31):
        closed_s, sol = "", ""
    else:
        closed_s = closed.strftime("%d/%m/%Y")
    gain = round(random.choice([0, 0, 0, 0, random.uniform(300, 4200)]), 2) if closed_s else 0
    rows.append([opened, random.choices(advisers, adv_w)[0], random.choices(sources, [30, 12, 18, 14, 16, 10])[0],
                 random.choice(districts), hh, total, prio, cred, surplus, sol, closed_s, gain if gain else ""])
rows.sort(key=lambda r: r[0])
out = [[f"DA/{24 if r[0].year == 2024 else 25}/{n:04d}", r[0].strftime("%d/%m/%Y")] + r[1:] for n, r in enumerate(rows, 1)]
# put the closed date next to the opened date, as the case system exports it
out = [r[:2] + [r[11]] + r[2:11] + r[12:] for r in out]
w("DebtAdvice_CaseList_FY2024-25.csv",
  ["Case Ref", "Date Opened", "Date Closed", "Adviser", "Referral Source", "Postcode District", "Household Size",
   "Total Debt (£)", "Priority Debt (£)", "No. Creditors", "Monthly Surplus/Deficit (£)", "Solution", "Income Gain (£)"], out)


# 5. Alterations tickets of a tailoring and alterations shop, January-March 2025.
# One row per ticket; COLLECTED is blank if the garment had not been picked up.
jobs = {  # garment: [(job code, price range, days)]
    "Trousers": [("HEM", (12, 16), 4), ("TAPER", (18, 24), 5), ("TAKE-IN", (20, 26), 5), ("ZIP", (16, 20), 4)],
    "Jeans": [("HEM", (12, 15), 3), ("TAPER", (18, 22), 5), ("REPAIR", (10, 18), 3)],
    "Suit Jacket": [("SLEEVE", (28, 38), 7), ("TAKE-IN", (35, 48), 7), ("LET-OUT", (38, 50), 8)],
    "Dress": [("HEM", (22, 34), 5), ("TAKE-IN", (28, 42), 6), ("ZIP", (20, 28), 4)],
    "Wedding Dress": [("BRIDAL", (140, 380), 21), ("HEM", (90, 160), 14)],
    "Shirt": [("SLEEVE", (14, 18), 4), ("TAKE-IN", (16, 22), 4)],
    "Coat": [("SLEEVE", (30, 42), 7), ("LINING", (45, 70), 9), ("ZIP", (35, 48), 6)],
}
gw = [30, 16, 12, 14, 5, 13, 10]
tailors = ["Mehmet", "Rosa", "Wing", "Agnieszka"]
surnames = ["Barraclough", "Singh", "Okafor", "Whitaker", "Chen", "Murphy", "Haworth", "Khan", "Fletcher", "Nowicki",
            "Duffy", "Ahmed", "Pickles", "Roberts", "Taylor", "Brook", "Iqbal", "Shaw", "Lomax", "Clegg"]
rows = []
for i in range(288):
    t = dt.datetime(2025, 1, 2, 9, 0) + dt.timedelta(days=random.randint(0, 87))
    if t.weekday() == 6:  # the shop is shut on Sundays
        t += dt.timedelta(days=random.choice([-1, 1, 2, 3]))
    t = t.replace(hour=random.randint(9, 17), minute=random.randint(0, 59))
    g = random.choices(list(jobs), gw)[0]
    code, (lo, hi), days = random.choice(jobs[g])
    express = "Y" if days <= 7 and random.random() < 0.15 else "N"
    price = random.randint(lo, hi) + (0.5 if random.random() < 0.3 else 0)
    if express == "Y":
        price = round(price * 1.5, 2)
        days = 1
    promised = (t + dt.timedelta(days=days)).date()
    if random.random() < 0.92 and promised <= dt.date(2025, 4, 5):
        col = promised + dt.timedelta(days=random.choice([0, 0, 0, 1, 2, 3, 5, 8, 14]) + (random.choice([0, 0, -1]) if days > 2 else 0))
        col_s = col.strftime("%Y-%m-%d") if col <= dt.date(2025, 4, 5) else ""
    else:
        col_s = ""
    deposit = round(price * 0.5, 2) if price >= 60 else (5 if random.random() < 0.3 else 0)
    rows.append([t, random.choice(surnames), g, code, random.choice(tailors), price, deposit, express,
                 promised.strftime("%Y-%m-%d"), col_s, random.choices(["CARD", "CASH", "BACS"], [70, 25, 5])[0] if col_s else ""])
rows.sort(key=lambda r: r[0])
out = [[7100 + n, r[0].strftime("%Y-%m-%d %H:%M")] + r[1:] for n, r in enumerate(rows, 1)]
w("tailoring-tickets-2025-Q1.csv",
  ["TICKET_NO", "DATE_IN", "CUST_SURNAME", "GARMENT", "JOB_CODE", "TAILOR", "PRICE_GBP", "DEPOSIT_GBP", "EXPRESS",
   "PROMISED", "COLLECTED", "PAY_METHOD"], out)
