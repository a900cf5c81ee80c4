# Tables of the twenty-ninth corpus (seeded, standard library only), written
# blind: before any run of the analyst on them. Five domains, each a kind of
# export no earlier corpus has: a packaging plant's downtime log
# (manufacturing), a parcel carrier's daily route summaries (logistics),
# accounts payable invoices (finance), a supermarket chain's shrink /
# write-off log (retail back office) and a hospital's theatre session list
# (health services). Run: /usr/bin/python3 generate.py
import csv
import datetime as dt
import os
import random

random.seed(290429)
HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, header, rows):
    with open(os.path.join(HERE, name), "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# --- Manufacturing: line stoppages from the MES, one row per stoppage. ---
lines = {"Line 1": 180, "Line 2": 140, "Line 3": 220, "Line 4": 120}  # units per minute
machines = ["Depalletiser", "Filler", "Capper", "Labeller", "Case Packer", "Palletiser"]
mweights = [1, 5, 3, 4, 3, 1]
cats = {
    # category: (planned, reason codes, (lognormal mu, sigma), weight)
    "Mechanical": ("N", ["MEC-01", "MEC-02", "MEC-05", "MEC-07"], (3.3, 0.6), 30),
    "Electrical": ("N", ["ELE-02", "ELE-03", "ELE-09"], (3.5, 0.7), 14),
    "Changeover": ("Y", ["CHG-01", "CHG-02"], (3.8, 0.35), 20),
    "Material Shortage": ("N", ["MAT-01", "MAT-04"], (3.0, 0.8), 12),
    "Quality Hold": ("N", ["QA-01", "QA-03"], (3.6, 0.7), 9),
    "Planned Maintenance": ("Y", ["PM-01"], (4.7, 0.4), 6),
}
techs = ["T014", "T022", "T031", "T037", "T045", "T052", "T058"]
rows = []
start0 = dt.datetime(2025, 1, 6, 0, 0)
for i in range(236):
    t = start0 + dt.timedelta(minutes=random.randint(0, 60 * 24 * 82))
    line = random.choices(list(lines), weights=[3, 4, 2, 3])[0]
    cat = random.choices(list(cats), weights=[c[3] for c in cats.values()])[0]
    planned, codes, (mu, sg), _ = cats[cat]
    dur = max(3, int(round(random.lognormvariate(mu, sg))))
    if line == "Line 2" and cat in ("Mechanical", "Changeover"):
        dur = int(dur * 1.25)
    if cat == "Changeover":
        mach = "Filler" if random.random() < 0.6 else "Labeller"
    elif cat == "Planned Maintenance":
        mach = random.choice(machines)
    else:
        mach = random.choices(machines, weights=mweights)[0]
    h = t.hour
    shift = "Early" if 6 <= h < 14 else ("Late" if 14 <= h < 22 else "Night")
    tech = random.choice(techs) if cat in ("Mechanical", "Electrical", "Planned Maintenance") or (cat == "Quality Hold" and random.random() < 0.3) else ""
    lost = int(dur * lines[line] * random.uniform(0.85, 1.0))
    rows.append([t, line, shift, dur, mach, cat, random.choice(codes), planned, lost, tech])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows, 1):
    out.append([f"DT-25-{n:05d}", r[1], r[2], r[0].strftime("%d/%m/%Y %H:%M")] + r[3:])
w("Downtime Events Q1-2025.csv",
  ["EventID", "Line", "Shift", "StartTime", "DurationMin", "Machine", "Category", "ReasonCode", "Planned", "UnitsLost", "TechnicianID"], out)


# --- Logistics: last-mile route summaries, one row per van route and day. ---
depots = {
    "BRS": ("Bristol", ["Gary Whitfield", "Priya Nair", "Tom Ashby", "Kasia Nowak", "Dean Morris"], 1.0),
    "SWI": ("Swindon", ["Liam Carter", "Hannah Doyle", "Marek Zielinski", "Sophie Grant"], 1.25),
    "GLO": ("Gloucester", ["Ravi Patel", "Owen Price", "Jade Collins", "Stuart Baines"], 1.4),
    "BTH": ("Bath", ["Emma Clarke", "Niall Byrne", "Aisha Khan"], 0.9),
}
vtypes = {"SWB Van": (85, 0.9), "LWB Van": (120, 1.0), "eVan": (110, 0.75), "7.5t Box": (160, 1.1)}
letters = "ABCDEFGHJKLMNOPRSTUVWXYZ"
fleet = {}
for code in depots:
    regs = []
    for k in range(6 if code != "BTH" else 4):
        vt = random.choices(list(vtypes), weights=[3, 4, 3, 1])[0]
        reg = f"{random.choice(['WX', 'WU', 'WR', 'WN'])}{random.choice([21, 22, 23, 24, 73, 74])} {''.join(random.choice(letters) for _ in range(3))}"
        regs.append((reg, vt))
    fleet[code] = regs
rows = []
d0 = dt.date(2025, 1, 27)  # Monday of week 5
for i in range(310):
    d = d0 + dt.timedelta(days=random.randint(0, 83))
    while d.weekday() == 6:
        d = d0 + dt.timedelta(days=random.randint(0, 83))
    code = random.choices(list(depots), weights=[5, 4, 4, 3])[0]
    town, drivers, kmf = depots[code]
    drv = random.choice(drivers)
    reg, vt = random.choice(fleet[code])
    cap, kmv = vtypes[vt]
    planned = int(cap * random.uniform(0.55, 0.9))
    failed = min(planned, int(random.expovariate(0.33)))
    if drv == "Marek Zielinski":
        failed += random.randint(0, 3)
    completed = planned - failed
    parcels = int(completed * random.uniform(1.1, 1.5))
    km = round(random.uniform(45, 110) * kmf * kmv, 1)
    hrs = round(3.9 + completed * 0.045 + km / 55 + random.uniform(-0.6, 0.8), 2)
    ot = round(hrs - 9.5, 2) if hrs > 9.5 else ""
    on_time = "N" if (failed > 6 or hrs > 10.5 or random.random() < 0.08) else "Y"
    rows.append([d, code, town, drv, vt, reg, planned, completed, failed, parcels, km, hrs, ot, on_time])
rows.sort(key=lambda r: (r[0], r[1]))
out = []
seq = {}
for r in rows:
    key = (r[0], r[1])
    seq[key] = seq.get(key, 0) + 1
    out.append([f"{r[1]}-{r[0].strftime('%m%d')}-{seq[key]:02d}", r[0].isoformat()] + r[1:])
w("route_summary_wk05-16_2025.csv",
  ["route_id", "route_date", "depot_code", "depot", "driver_name", "vehicle_type", "vehicle_reg", "stops_planned",
   "stops_completed", "failed_deliveries", "parcels_delivered", "km_driven", "hours_on_road", "overtime_hrs", "on_time_flag"], out)


# --- Finance: accounts payable invoices of a quarter, one row per invoice. ---
suppliers = {
    "Northwind Office Supplies Ltd": ("Office Supplies", 180, 0.2, 30),
    "Calder IT Services": ("IT Services", 2400, 0.2, 30),
    "Vantix Software Ltd": ("Software", 5200, 0.2, 30),
    "Brightwater Facilities Mgmt": ("Facilities", 1600, 0.2, 30),
    "Sterling Cleaning Co": ("Facilities", 850, 0.2, 14),
    "Pennine Freight Ltd": ("Freight", 1200, 0.2, 30),
    "Harcourt & Lowe LLP": ("Professional Services", 4800, 0.2, 60),
    "Meridian Energy plc": ("Utilities", 3100, 0.05, 14),
    "Ashdown Print & Design": ("Marketing", 950, 0.2, 30),
    "Kestrel Business Travel": ("Travel", 640, 0.0, 30),
    "Oakridge Recruitment": ("Recruitment", 3600, 0.2, 30),
}
cc = {"Finance": 1100, "IT": 2100, "Operations": 3100, "Sales & Marketing": 4100, "HR": 5100}
cc_for = {
    "Office Supplies": ["Finance", "Operations", "HR", "Sales & Marketing", "IT"],
    "IT Services": ["IT"], "Software": ["IT", "IT", "Finance"], "Facilities": ["Operations"],
    "Freight": ["Operations"], "Professional Services": ["Finance", "HR"], "Utilities": ["Operations"],
    "Marketing": ["Sales & Marketing"], "Travel": ["Sales & Marketing", "Operations", "Finance", "IT"],
    "Recruitment": ["HR"],
}
approvers = {"Finance": "J. Mercer", "IT": "S. Bhatt", "Operations": "D. Okafor", "Sales & Marketing": "L. Fenwick", "HR": "C. Rowe"}
export = dt.date(2025, 1, 10)
rows = []
for i in range(196):
    sup = random.choices(list(suppliers), weights=[6, 4, 2, 4, 3, 5, 2, 3, 3, 5, 2])[0]
    scat, base, vat, terms = suppliers[sup]
    inv = dt.date(2024, 10, 1) + dt.timedelta(days=random.randint(0, 91))
    centre = random.choice(cc_for[scat])
    net = round(base * random.lognormvariate(0, 0.55), 2)
    vamt = round(net * vat, 2)
    due = inv + dt.timedelta(days=terms)
    po = "Yes" if (scat not in ("Utilities", "Travel") and random.random() < 0.82) else "No"
    r = random.random()
    if r < 0.05:
        status = "Disputed"
    elif r < 0.10 or (po == "No" and random.random() < 0.15):
        status = "On Hold"
    else:
        status = "Paid"
    paid = ""
    if status == "Paid":
        lag = int(random.triangular(5, terms + 25, terms - 2))
        pd_ = inv + dt.timedelta(days=lag)
        if pd_ <= export:
            paid = pd_.strftime("%d/%m/%Y")
        else:
            status = "Approved"
    rows.append([inv, sup, scat, cc[centre], centre, inv.strftime("%d/%m/%Y"), due.strftime("%d/%m/%Y"), paid,
                 f"{terms} Days", net, vamt, round(net + vamt, 2), po, status, approvers[centre]])
rows.sort(key=lambda r: r[0])
out = [[f"PI-{240871 + n}"] + r[1:] for n, r in enumerate(rows)]
w("AP_Invoices_FY24-25_Q3.csv",
  ["Invoice No", "Supplier", "Supplier Category", "CC Code", "Cost Centre", "Invoice Date", "Due Date", "Paid Date",
   "Payment Terms", "Net (GBP)", "VAT (GBP)", "Gross (GBP)", "PO Matched", "Status", "Approver"], out)


# --- Retail back office: store shrink / write-off log, one row per entry. ---
stores = {
    412: ("Northgate", ["K.Ellis", "M.Shah", "P.Duffy"]),
    415: ("Riverside", ["A.Lowe", "R.Begum"]),
    421: ("Market Street", ["S.Turner", "J.Kowalski", "H.Reid"]),
    433: ("Hillfield Retail Park", ["D.Nolan", "T.Osei"]),
    438: ("Westbrook", ["L.Hart", "B.Ward"]),
}
depts = {
    "Bakery": [("204113", "White Bloomer 800g", 0.62, 1.45), ("204127", "Croissants 4pk", 0.95, 2.10), ("204150", "Seeded Batch Loaf", 0.88, 1.95), ("204188", "Iced Buns 5pk", 0.70, 1.60)],
    "Produce": [("310042", "Bananas Loose kg", 0.48, 0.99), ("310077", "Strawberries 400g", 1.35, 2.75), ("310091", "Baby Spinach 200g", 0.72, 1.50), ("310105", "Avocados Ripe 2pk", 1.10, 2.20), ("310133", "Salad Tomatoes 6pk", 0.45, 0.95)],
    "Dairy": [("420016", "Semi Skimmed Milk 4pt", 0.98, 1.55), ("420058", "Greek Yoghurt 500g", 1.05, 2.00), ("420071", "Mature Cheddar 400g", 2.30, 3.95)],
    "Meat & Fish": [("530008", "Chicken Breast Fillets 650g", 3.20, 5.50), ("530029", "Beef Mince 5% 500g", 2.70, 4.60), ("530064", "Salmon Fillets 2pk", 3.10, 5.25)],
    "Health & Beauty": [("640112", "Electric Toothbrush Heads 4pk", 7.80, 17.00), ("640130", "Razor Blades 8pk", 9.40, 21.00), ("640155", "Premium Face Serum 30ml", 6.50, 15.00)],
    "Beers, Wines & Spirits": [("750021", "Vodka 70cl", 9.90, 17.50), ("750046", "Prosecco 75cl", 4.10, 8.00), ("750083", "Craft IPA 4x440ml", 3.60, 6.75)],
}
dept_w = [8, 9, 6, 5, 2, 2]
reasons_for = {
    "Bakery": (["Out of Date", "Damaged", "Quality Reject"], [6, 2, 2]),
    "Produce": (["Out of Date", "Damaged", "Quality Reject"], [3, 2, 5]),
    "Dairy": (["Out of Date", "Damaged", "Recall"], [6, 3, 1]),
    "Meat & Fish": (["Out of Date", "Damaged", "Recall"], [7, 2, 1]),
    "Health & Beauty": (["Theft - Known", "Damaged", "Admin Adjustment"], [6, 2, 2]),
    "Beers, Wines & Spirits": (["Theft - Known", "Damaged", "Admin Adjustment"], [5, 4, 1]),
}
rows = []
for i in range(332):
    d = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 90))
    sn = random.choices(list(stores), weights=[5, 3, 6, 4, 3])[0]
    sname, staff = stores[sn]
    dept = random.choices(list(depts), weights=dept_w)[0]
    sku, desc, cost, retail = random.choice(depts[dept])
    rs, rw = reasons_for[dept]
    reason = random.choices(rs, weights=rw)[0]
    qty = random.randint(1, 3) if reason in ("Theft - Known", "Admin Adjustment") else random.randint(1, 24)
    note = ""
    if reason == "Recall":
        note = random.choice(["Supplier recall notice", "FSA recall - batch code", "Recall ref on file"])
    elif reason == "Theft - Known" and random.random() < 0.4:
        note = random.choice(["Security tag removed", "Empty packaging found", "Reported by CCTV"])
    elif random.random() < 0.06:
        note = random.choice(["Chiller fault overnight", "Dropped on shop floor", "Crushed on delivery cage"])
    rows.append([d, sn, sname, dept, sku, desc, qty, reason, round(qty * cost, 2), round(qty * retail, 2), random.choice(staff), note])
rows.sort(key=lambda r: (r[0], r[1]))
out = [[r[0].strftime("%d/%m/%Y")] + r[1:] for r in rows]
w("ShrinkLog_P07-P09_2024.csv",
  ["Log Date", "Store No", "Store Name", "Dept", "SKU", "Item Desc", "Qty", "Reason", "Cost Val (GBP)", "Retail Val (GBP)", "Recorded By", "Notes"], out)


# --- Health services: operating theatre sessions, one row per session. ---
theatres = {
    "MAIN TH1": ("Main Theatres", ["General Surgery", "Urology"]),
    "MAIN TH2": ("Main Theatres", ["Orthopaedics"]),
    "MAIN TH3": ("Main Theatres", ["Orthopaedics", "General Surgery"]),
    "MAIN TH4": ("Main Theatres", ["Gynaecology", "Urology", "ENT"]),
    "DSU 1": ("Day Surgery Unit", ["Ophthalmology"]),
    "DSU 2": ("Day Surgery Unit", ["ENT", "General Surgery", "Gynaecology"]),
}
spec = {
    # specialty: consultants, cases per 4-hour list
    "General Surgery": (["Mr D Hollis", "Ms F Adeyemi", "Mr K Rahman"], (2, 4)),
    "Orthopaedics": (["Mr J Thornton", "Mr P Sousa", "Ms L Carver"], (2, 3)),
    "Urology": (["Mr S Iqbal", "Ms H Wainwright"], (3, 5)),
    "Gynaecology": (["Ms R Okoro", "Dr E Lindqvist"], (3, 5)),
    "ENT": (["Mr A Patel", "Ms C Brennan"], (3, 6)),
    "Ophthalmology": (["Mr N Gallagher", "Ms Y Tanaka"], (7, 10)),
}
anaes = ["Dr M Farrow", "Dr B Osei", "Dr T Kaur", "Dr G Moreno", "Dr P Walsh", "Dr I Novak"]
rows = []
taken = set()  # (date, theatre, half-day) slots already on the list
while len(rows) < 248:
    d = dt.date(2024, 4, 1) + dt.timedelta(days=random.randint(0, 182))
    if d.weekday() >= 5:
        continue
    th = random.choices(list(theatres), weights=[4, 4, 3, 4, 4, 4])[0]
    sess = random.choices(["AM", "PM", "ALL DAY"], weights=[4, 4, 2])[0]
    slots = {(d, th, "AM"), (d, th, "PM")} if sess == "ALL DAY" else {(d, th, sess)}
    if slots & taken:
        continue
    taken |= slots
    site, sps = theatres[th]
    sp = random.choice(sps)
    cons = random.choice(spec[sp][0])
    planned = 480 if sess == "ALL DAY" else 240
    lo, hi = spec[sp][1]
    booked = random.randint(lo, hi) * (2 if sess == "ALL DAY" else 1)
    cancels = random.choices([0, 1, 2, 3], weights=[60, 25, 10, 5])[0]
    cancels = min(cancels, booked)
    done = booked - cancels
    late = int(random.choices([0, random.randint(1, 15), random.randint(16, 40), random.randint(41, 75)], weights=[35, 35, 22, 8])[0])
    used = int(planned * random.uniform(0.62, 1.0) * (done / booked if booked else 0) ** 0.3 + random.choice([0, 0, 0, 15, 30, 45]) - late * 0.5)
    used = max(60, used)
    overrun = "Y" if used > planned else "N"
    an = "" if (sp == "Ophthalmology" and random.random() < 0.7) else random.choice(anaes)
    rows.append([d, th, site, sp, sess, cons, an, planned, used, booked, done, cancels, late, overrun])
rows.sort(key=lambda r: (r[0], r[1], r[4]))
out = [[f"TS{24000 + n:06d}", r[0].strftime("%d-%b-%Y").upper()] + r[1:] for n, r in enumerate(rows, 1)]
w("THEATRE_SESSIONS_APR-SEP24.csv",
  ["SESSION_ID", "SESSION_DATE", "THEATRE", "SITE", "SPECIALTY", "SESSION_TYPE", "CONSULTANT", "ANAESTHETIST",
   "PLANNED_MINS", "USED_MINS", "CASES_BOOKED", "CASES_DONE", "OTD_CANCELS", "LATE_START_MINS", "OVERRUN"], out)
