# Tables of the thirtieth corpus (seeded), written without reading the
# analyst. Domains that no earlier corpus has: domiciliary home care visits
# (health and social care), weld NDT inspections (manufacturing), laying-hen
# flock daily records (farming), an FX trade blotter (finance), and a
# council allotment register (local government services).
import random, csv, math, datetime as dt
random.seed(30301)
def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

# Home care visits: one row per scheduled visit; no actual length or
# lateness when the visit was missed.
areas = ["Ashby", "Brookside", "Castleton", "Dunmore"]
carers = {"Aisha Khan": "Ashby", "Tom Reilly": "Ashby", "Grace Obi": "Brookside", "Liam Walsh": "Brookside",
          "Marta Nowak": "Castleton", "Priya Shah": "Castleton", "Sean Doyle": "Dunmore", "Jade Morris": "Dunmore"}
clients = [(f"C{1001 + n}", areas[n % 4]) for n in range(34)]
weights = [random.uniform(0.5, 3) for _ in clients]
types = {"Personal Care": [45, 60], "Medication Prompt": [15, 15, 20], "Meal Preparation": [30], "Welfare Check": [15, 30], "Domestic Support": [60, 90]}
rows = []
for i in range(215):
    client, area = random.choices(clients, weights)[0]
    carer = random.choice([c for c, a in carers.items() if a == area] * 4 + list(carers))
    d = dt.datetime(2025, 3, 1, 7) + dt.timedelta(days=random.randint(0, 60), minutes=15 * random.randint(0, 60))
    vt = random.choice(list(types) + ["Personal Care", "Medication Prompt"])
    planned = random.choice(types[vt])
    missed = random.random() < (0.10 if area == "Castleton" else 0.05)
    actual = "" if missed else max(5, int(round(planned + random.gauss(-3, 6))))
    late = "" if missed else (0 if random.random() < 0.55 else int(random.expovariate(1 / 12)) + 1)
    double = "Yes" if vt == "Personal Care" and random.random() < 0.35 else "No"
    rows.append([None, client, carer, area, vt, d, planned, actual, "Y" if missed else "N", late, round(random.uniform(0.4, 9.5), 1), double])
rows.sort(key=lambda r: r[5])
for n, r in enumerate(rows):
    r[0] = f"HCV-{25000 + n * 3 + random.randint(0, 2)}"
    r[5] = r[5].strftime("%d/%m/%Y %H:%M")
w("HomeCare_Visits_Export_2025-04.csv", ["Visit ID", "Client Ref", "Carer", "Area", "Visit Type", "Scheduled Start", "Planned Duration (mins)",
  "Actual Duration (mins)", "Missed Visit", "Late By (mins)", "Mileage", "Double Up"], rows)

# Weld NDT results: one row per weld inspected; defect fields blank when accepted.
welders = {"WLD-03": 0.07, "WLD-07": 0.11, "WLD-12": 0.19, "WLD-15": 0.09, "WLD-21": 0.14, "WLD-24": 0.24, "WLD-30": 0.05, "WLD-33": 0.12}
procs = {"MIG": 0.0, "TIG": -0.03, "MMA": 0.05, "SAW": -0.02}
matls = ["S355", "S355", "S275", "316L"]
rows = []
for i in range(190):
    d = dt.date(2025, 7, 1) + dt.timedelta(days=random.randint(0, 91))
    wd = random.choice(list(welders))
    pr = random.choice(list(procs) + ["MIG", "MIG"])
    mt = random.choice(matls)
    thk = random.choice([3, 5, 6, 8, 10, 12, 16, 20, 25]) if pr != "SAW" else random.choice([12, 16, 20, 25, 32])
    if pr == "TIG":
        thk = random.choice([2, 3, 4, 5, 6, 8])
    ln = random.choice([150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200])
    method = random.choice(["RT", "UT"]) if thk >= 10 else random.choice(["MT", "PT", "RT"])
    if mt == "316L" and method == "MT":
        method = "PT"
    rej = random.random() < max(0.01, welders[wd] + procs[pr])
    code = random.choice(["POR", "POR", "POR", "LOF", "LOF", "SLAG", "UCUT", "UCUT", "CRACK"]) if rej else ""
    if code == "SLAG" and pr == "TIG":
        code = "LOF"
    dlen = round(random.uniform(1.5, 40), 1) if rej else ""
    tmin = {"RT": 35, "UT": 22, "MT": 12, "PT": 18}[method] + random.randint(-5, 15) + ln // 200
    rows.append([d.isoformat(), wd, pr, mt, thk, ln, method, "REJ" if rej else "ACC", code, dlen, tmin])
rows.sort()
rows = [[f"W25-{i + 1:04d}"] + r for i, r in enumerate(rows)]
w("weld_ndt_results_Q3_2025.csv", ["weld_no", "insp_date", "welder_id", "process", "base_matl", "thk_mm", "weld_len_mm", "ndt_method",
  "result", "defect_code", "defect_len_mm", "insp_min"], rows)

# Flock daily records: one row per house per day; the water meter reading
# is sometimes missing.
houses = {"House 1": (4000, 26), "House 2": (3800, 33), "House 3": (4200, 47), "House 4": (3500, 61)}
hens = {h: v[0] for h, v in houses.items()}
rows = []
for day in range(50):
    d = dt.date(2025, 3, 10) + dt.timedelta(days=day)
    for h, (placed, age0) in houses.items():
        age = age0 + day // 7
        mort = max(0, int(random.gauss(1.2 + age / 40, 1.3)))
        if random.random() < 0.02:
            mort += random.randint(8, 25)
        hens[h] -= mort
        rate = 0.95 - max(0, age - 30) * 0.0045 - max(0, 26 - age) * 0.02
        eggs = int(hens[h] * rate * random.uniform(0.96, 1.03))
        seconds = int(eggs * random.uniform(0.01, 0.025 + age / 3000))
        temp = round(17 + day * 0.12 + random.gauss(0, 2.5) + (1.5 if h == "House 4" else 0), 1)
        feed = round(hens[h] * random.uniform(0.108, 0.122) + max(0, temp - 24) * -8, 1)
        water = "" if random.random() < 0.05 else int(feed * random.uniform(1.8, 2.1) + max(0, temp - 22) * 25)
        rows.append([d.strftime("%d-%b-%Y"), h, age, hens[h], mort, eggs, seconds, feed, water, temp])
w("Flock Daily Records - Mar-Apr 2025.csv", ["Date", "House", "Flock Age (wks)", "Hens Housed", "Mortality", "Eggs Collected",
  "Seconds/Cracked", "Feed (kg)", "Water (L)", "Max Temp (°C)"], rows)

# FX blotter: one row per trade; dates as YYYYMMDD numbers.
pairs = {"EURUSD": (1.08, 1.16), "GBPUSD": (1.26, 1.36), "USDJPY": (142.0, 158.0), "AUDUSD": (0.62, 0.67), "EURGBP": (0.835, 0.865), "USDCHF": (0.80, 0.90)}
pw = [30, 22, 18, 10, 9, 8]
traders = ["JKM", "RPL", "SAT", "HWB", "DCO"]
cptys = ["Barclays", "Citi", "Deutsche Bank", "HSBC", "JPMorgan", "Nomura", "UBS", "BNP Paribas", "Lloyds Corporate"]
def bday(d, n):
    while n > 0:
        d += dt.timedelta(days=1)
        if d.weekday() < 5:
            n -= 1
    return d
rows = []
days = [dt.date(2025, 4, 1) + dt.timedelta(days=k) for k in range(91)]
days = [d for d in days if d.weekday() < 5]
for i in range(205):
    td = random.choice(days)
    pair = random.choices(list(pairs), pw)[0]
    lo, hi = pairs[pair]
    rate = round(random.uniform(lo, hi), 3 if pair == "USDJPY" else 5)
    prod = random.choices(["SPOT", "FWD", "SWAP"], [60, 28, 12])[0]
    vd = bday(td, 2) if prod == "SPOT" else bday(td, random.choice([5, 10, 21, 42, 63, 126]))
    notl = random.choice([1, 1, 2, 2, 3, 5, 5, 10, 15, 20, 25, 50]) * 1_000_000 if random.random() < 0.8 else random.randint(1, 40) * 250_000
    if pair.startswith("USD"):
        usd = notl
    elif pair == "EURGBP":
        usd = notl * rate * 1.31
    else:
        usd = notl * rate
    status = random.choices(["SETTLED", "PENDING", "CXL"], [80, 14, 6])[0]
    if vd > dt.date(2025, 6, 30) and status == "SETTLED":
        status = "PENDING"
    rows.append([td, vd, pair, random.choice(["B", "S"]), prod, notl, rate, round(usd, 2), random.choice(traders + ["JKM", "RPL"]), random.choice(cptys), status])
rows.sort(key=lambda r: r[0])
rows = [[f"FX{250400001 + i * 7}", r[0].strftime("%Y%m%d"), r[1].strftime("%Y%m%d")] + r[2:] for i, r in enumerate(rows)]
w("FX_BLOTTER_Q2_2025.csv", ["TRADE_ID", "TRADE_DT", "VALUE_DT", "CCY_PAIR", "SIDE", "PRODUCT", "NOTIONAL_BASE", "DEAL_RATE", "USD_EQUIV",
  "TRADER", "CPTY", "STATUS"], rows)

# Allotment register: one row per plot; tenancy fields blank when vacant,
# waiting time unknown for tenancies from before 2015.
sites = {"Hollins Lane": ("HL", 0.42, 44), "Mill Meadow": ("MM", 0.38, 36), "Station Road": ("SR", 0.48, 27), "Beech Grove": ("BG", 0.52, 31), "Kingsway": ("KW", 0.45, 22)}
rows = []
for site, (pre, perm, n) in sites.items():
    for k in range(1, n + 1):
        size = random.choice([250, 250, 125, 125, 125, 62.5, 200, 100])
        vac = random.random() < (0.22 if site in ("Kingsway", "Mill Meadow") else 0.08)
        status = "Vacant" if vac else random.choices(["Let", "Notice Served"], [92, 8])[0]
        conc = (not vac) and random.random() < 0.24
        rent = round(size * perm * (0.5 if conc else 1), 2)
        if vac:
            start = wait = score = ""
        else:
            sd = dt.date(2008, 1, 1) + dt.timedelta(days=random.randint(0, 6400))
            start = sd.strftime("%d/%m/%Y")
            wait = "" if sd.year < 2015 else int(random.uniform(60, 300) + (sd.year - 2015) * random.uniform(20, 90))
            score = random.choices([1, 2, 3, 4, 5], [4, 10, 30, 36, 20])[0]
        insp = dt.date(2025, 5, 1) + dt.timedelta(days=random.randint(0, 150))
        rows.append([f"{pre}-{k:03d}", site, size, rent, "TRUE" if conc else "FALSE", status, start, wait, score,
                     random.choice(["yes", "yes", "no"]), insp.isoformat()])
w("allotment_register_export_01Oct2025.csv", ["plotId", "siteName", "plotSizeSqM", "annualRent", "concession", "status", "tenancyStart",
  "waitingListDays", "cultivationScore", "waterTap", "lastInspected"], rows)
