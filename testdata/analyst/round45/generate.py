# Domains: social housing void property turnarounds, telecoms pole testing, food packing checkweigher QA samples, bus driver duty cards, environmental lab sample receipt (chain of custody).
# Tables of the forty-fifth corpus (seeded), written before any run of the
# analyst on them. Run from inside this folder with the standard library only.
import random, csv, datetime as dt
random.seed(45045)


def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# ---------------------------------------------------------------------------
# 1. Social housing voids tracker: one row per empty home between tenancies.
rows = []
patches = ["Northgate", "Riverside", "Eastfield", "Old Town", "Hillside"]
patch_w = [3, 5, 4, 2, 3]
ptypes = [("FLT", 5), ("HSE", 3), ("BUN", 1), ("MAI", 1)]
reasons = [("TERM", 6), ("DEC", 2), ("TRF", 3), ("EVI", 1), ("ABN", 1)]
contractors = ["Apex Building Services", "Kerr & Sons", "Northern Property Care", "DLO In-house"]
base_rent = {"FLT": 88, "HSE": 112, "BUN": 97, "MAI": 104}
notes_pool = ["", "", "", "", "Clearance needed - items left", "Gas cap on keys", "Full rewire",
              "Kitchen & bathroom replacement", "Garden overgrown", "Lock change only", "Pest treatment done",
              "Decoration vouchers issued", "Hard to let - 3rd floor no lift", "Meter readings taken"]
for i in range(1, 241):
    key = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 150))
    pt = random.choices([p for p, _ in ptypes], [x for _, x in ptypes])[0]
    beds = {"FLT": random.choice([1, 1, 2, 2, 3]), "HSE": random.choice([2, 3, 3, 3, 4]),
            "BUN": random.choice([1, 2]), "MAI": random.choice([2, 3])}[pt]
    reason = random.choices([r for r, _ in reasons], [x for _, x in reasons])[0]
    cat = random.choices(["MINOR", "MAJOR", "CAPITAL"], [6, 3, 1])[0]
    cost = {"MINOR": random.uniform(400, 2500), "MAJOR": random.uniform(2500, 9000),
            "CAPITAL": random.uniform(9000, 26000)}[cat]
    if reason in ("DEC", "ABN"):
        cost *= random.uniform(1.1, 1.5)
    contractor = random.choice(contractors)
    if contractor == "Kerr & Sons":
        cost *= 1.12
    start = key + dt.timedelta(days=random.randint(1, 9))
    works_days = {"MINOR": random.randint(5, 20), "MAJOR": random.randint(15, 45), "CAPITAL": random.randint(35, 90)}[cat]
    rtl = start + dt.timedelta(days=works_days)
    refusals = random.choices([0, 1, 2, 3, 4], [8, 4, 2, 1, 1])[0]
    if pt == "FLT" and beds == 1:
        refusals += random.choice([0, 1])
    let = rtl + dt.timedelta(days=random.randint(2, 10) + 6 * refusals)
    cutoff = dt.date(2025, 6, 20)
    rtl_s = rtl.strftime("%d/%m/%Y") if rtl <= cutoff else ""
    let_s = let.strftime("%d/%m/%Y") if (let <= cutoff and rtl_s) else ""
    start_s = start.strftime("%d/%m/%Y") if start <= cutoff else ""
    rent = round(base_rent[pt] + 9.5 * beds + random.uniform(-6, 6), 2)
    asb = "Y" if (cat != "MINOR" and random.random() < 0.7) or random.random() < 0.15 else "N"
    rows.append([key, f"V25-{i:04d}", f"P{random.randint(10000, 39999)}", random.choices(patches, patch_w)[0], pt, beds,
                 reason, key.strftime("%d/%m/%Y"), start_s, rtl_s, let_s, cat, round(cost, 2), asb, rent,
                 refusals if let_s else "", contractor, random.choice(notes_pool)])
rows.sort(key=lambda r: (r[0], r[1]))
for n, r in enumerate(rows, 1):
    r[1] = f"V25-{n:04d}"
w("Voids Tracker 2025-06.csv",
  ["Void Ref", "Property Ref", "Patch", "Prop Type", "Beds", "Void Reason", "Keys Returned", "Works Start",
   "Ready To Let", "Let Date", "Works Category", "Works Cost £", "Asbestos Survey Req", "Rent pw £",
   "No. Refusals", "Contractor", "Notes"],
  [r[1:] for r in rows])

# ---------------------------------------------------------------------------
# 2. Telecoms pole testing jobs: one row per pole test visit.
rows = []
exchanges = ["LDBRD", "HRGT", "KNRSB", "WTHBY", "SKPTN", "OTLEY"]
exch_w = [4, 5, 3, 2, 3, 2]
techs = ["T1042", "T1107", "T1188", "T1203", "T1251", "T1299", "T1316"]
tech_w = [5, 4, 4, 3, 3, 4, 2]
comments_pool = ["", "", "", "", "", "Woodpecker damage", "Pole in hedge line, cut back", "Customer not home - gate locked",
                 "Heavy ivy", "Stay wire slack", "Close to HV line, kept distance", "Bird nest on top",
                 "Ground soft after rain", "Re-test booked"]
for i in range(1, 311):
    d = dt.datetime(2025, 4, 1, 7, 30) + dt.timedelta(days=random.randint(0, 90), minutes=random.randint(0, 600))
    if d.weekday() == 6:
        d += dt.timedelta(days=1)
    ptype = random.choices(["WOOD", "STEEL", "COMP"], [14, 3, 2])[0]
    inst = random.randint(1958, 2022) if ptype == "WOOD" else random.randint(1995, 2023)
    ht = random.choice([7.5, 8.0, 8.5, 9.0, 9.0, 10.0, 10.5, 11.0, 12.0])
    age = 2025 - inst
    if random.random() < 0.05:
        res = "NOACC"
    else:
        p_d = 0.02 + (0.12 if ptype == "WOOD" and age > 45 else 0.0)
        p_rec = 0.05 + (0.25 if ptype == "WOOD" and age > 35 else 0.0)
        u = random.random()
        res = "D" if u < p_d else ("REC" if u < p_d + p_rec else "PASS")
    decay = "" if res == "NOACC" else (random.randint(0, 15) if res == "PASS" else random.randint(15, 60)) if ptype == "WOOD" else ("" if res == "NOACC" else 0)
    lean = "" if res == "NOACC" else round(abs(random.gauss(1.5, 1.5)) + (4 if res == "D" and random.random() < 0.5 else 0) + (0.8 if ht > 9 else 0), 1)
    onsite = random.randint(8, 18) if res == "NOACC" else random.randint(20, 55) + (15 if ptype == "STEEL" else 0) + (10 if res in ("D", "REC") else 0)
    tm = "Y" if random.random() < 0.18 else "N"
    if tm == "Y" and res != "NOACC":
        onsite += random.randint(10, 30)
    exch = random.choices(exchanges, exch_w)[0]
    rows.append([d, f"PT{250000 + i}", f"{exch[:2]}{random.randint(100, 999)}", exch,
                 random.choices(techs, tech_w)[0], d.strftime("%Y-%m-%d %H:%M"), ht, ptype, inst, res, decay, lean,
                 random.randint(5, 70), onsite, random.randint(0, 14), tm, random.choice(comments_pool)])
rows.sort(key=lambda r: r[0])
for n, r in enumerate(rows, 1):
    r[1] = f"PT{250000 + n}"
w("OR_POLE_TESTS_Q2_2025.csv",
  ["JOB_ID", "POLE_NO", "EXCH", "TECH_ID", "TEST_DT", "POLE_HT_M", "POLE_TYPE", "INSTALL_YR", "RESULT", "DECAY_MM",
   "LEAN_DEG", "TRAVEL_MINS", "ON_SITE_MINS", "DROPWIRES", "TRAFFIC_MGMT", "COMMENTS"],
  [r[1:] for r in rows])

# ---------------------------------------------------------------------------
# 3. Checkweigher QA samples on a dry-goods packing site: one row per
#    10-pack sample check.
rows = []
skus = {"Salted Crisps 150g": 150, "Granola 500g": 500, "Porridge Oats 1kg": 1000, "Trail Mix 300g": 300, "Muesli 750g": 750}
sku_sd = {"Salted Crisps 150g": 1.6, "Granola 500g": 4.5, "Porridge Oats 1kg": 5.5, "Trail Mix 300g": 6.8, "Muesli 750g": 5.0}
operators = ["kpatel", "jmurray", "aokafor", "slewis", "rnowak", "bhughes", "dchen", "mfarrell"]
for i in range(1, 371):
    t = dt.datetime(2025, 3, 31, 6, 0) + dt.timedelta(days=random.randint(0, 89), hours=random.choice([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]), minutes=random.randint(0, 59))
    hour = t.hour
    shift = "E" if 6 <= hour < 14 else ("L" if 14 <= hour < 22 else "N")
    sku = random.choice(list(skus))
    line = random.choices(["L1", "L2", "L3", "L4"], [3, 3, 2, 2])[0]
    decl = skus[sku]
    sd = round(sku_sd[sku] * random.uniform(0.6, 1.5) * (1.25 if line == "L3" else 1.0), 2)
    over = decl * random.uniform(0.004, 0.03)
    if shift == "N":
        over -= decl * 0.006
    mean = round(decl + over, 1)
    mn = round(mean - sd * random.uniform(1.2, 2.4), 1)
    t1 = 0
    if mn < decl * 0.97:
        t1 = random.randint(1, 2)
    seal = "N" if random.random() < 0.06 else "Y"
    mdt = "FAIL" if random.random() < 0.03 else "PASS"
    if mdt == "FAIL" or t1 >= 2:
        action = "HOLD" if random.random() < 0.8 else "SCRAP"
    elif seal == "N" or t1 == 1 or mean > decl * 1.025:
        action = "ADJ"
    else:
        action = "NONE"
    rows.append([t, f"QC-{i:05d}", t.strftime("%d/%m/%Y %H:%M"), line, shift, sku, decl, mean, mn, sd, t1, seal, mdt,
                 random.choice(operators), action])
rows.sort(key=lambda r: r[0])
for n, r in enumerate(rows, 1):
    r[1] = f"QC-{n:05d}"
w("fillWeightChecks_wk14-26.csv",
  ["sampleId", "checkTs", "line", "shift", "sku", "declaredWt_g", "meanWt_g", "minWt_g", "sdWt_g", "t1Fails",
   "sealOk", "metalDetTest", "operator", "action"],
  [r[1:] for r in rows])

# ---------------------------------------------------------------------------
# 4. Bus driver duty cards: one row per duty worked.
rows = []
depots = {"Central": ["1", "4", "7A", "12"], "Westway": ["20", "22", "X30"], "Lowfield": ["51", "53", "X5"]}
drivers = {dep: [f"{dep[0]}{n}" for n in random.sample(range(2100, 2999), 14)] for dep in depots}
shapes = {"EARLY": (5, 7, 7.5, 8.5), "MIDDLE": (9, 11, 7.5, 8.5), "LATE": (13, 15, 7.5, 9.0), "SPLIT": (6, 7, 10.5, 12.5)}
for i in range(1, 381):
    day = dt.date(2025, 3, 3) + dt.timedelta(days=random.randint(0, 90))
    dep = random.choices(list(depots), [5, 3, 3])[0]
    route = random.choice(depots[dep])
    dtype = random.choices(list(shapes), [4, 2, 4, 2])[0]
    h0, h1, s0, s1 = shapes[dtype]
    on = dt.datetime.combine(day, dt.time(random.randint(h0, h1 - 1), random.choice([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55])))
    if dtype == "EARLY" and random.random() < 0.5:
        on = on.replace(hour=5, minute=random.choice([10, 20, 30, 40, 50]))
    spread_min = int(round(random.uniform(s0, s1) * 60 / 5) * 5)
    off = on + dt.timedelta(minutes=spread_min)
    if off.date() != day:
        off = dt.datetime.combine(day, dt.time(23, 55))
        spread_min = int((off - on).total_seconds() // 60)
    meal = random.choice([30, 40, 45]) if dtype != "SPLIT" else 0
    platform = int(spread_min * (random.uniform(0.78, 0.86) if dtype != "SPLIT" else random.uniform(0.58, 0.66))) - meal // 2
    speed = {"X30": 17, "X5": 18}.get(route, 11)
    miles = round(platform / 60 * speed * random.uniform(0.85, 1.1), 1)
    lost_r = random.choices(["", "TRF", "VEH", "STF", "RWK"], [14, 4, 2, 1, 1])[0]
    if route == "X30" and lost_r == "":
        lost_r = random.choices(["", "VEH"], [3, 1])[0]
    lost = round(random.uniform(1, 18), 1) if lost_r else ""
    ot = "Y" if random.random() < 0.2 else "N"
    rows.append([day, on, f"{dep[0]}{random.randint(100, 160)}", day.isoformat(), dep, random.choice(drivers[dep]), route,
                 dtype, on.strftime("%H:%M"), off.strftime("%H:%M"), platform, meal if meal else "", miles, lost, lost_r,
                 f"{random.randint(31, 78):02d}{random.randint(0, 99):02d}", ot, "Y" if random.random() < 0.04 else "N"])
rows.sort(key=lambda r: (r[0], r[1]))
w("dutyCards_2025wk10-22.csv",
  ["Duty No", "Date", "Depot", "Driver No", "Route", "Duty Type", "Sign On", "Sign Off", "Platform Mins",
   "Meal Break Mins", "Miles", "Lost Miles", "Lost Reason", "Fleet No", "Overtime", "Incident Rpt"],
  [r[2:] for r in rows])

# ---------------------------------------------------------------------------
# 5. Environmental lab sample receipt / chain-of-custody log: one row per
#    sample booked in.
rows = []
clients = ["Yorkshire Aqua Ltd", "Brennan Geotech", "Calder Valley Council", "Ridgeway Landfill", "Holme Dairy",
           "Greystone Consulting"]
client_w = [6, 4, 3, 3, 2, 4]
matrix_for = {"Yorkshire Aqua Ltd": ["WW", "DW", "DW"], "Brennan Geotech": ["SO", "SO", "GW"],
              "Calder Valley Council": ["DW", "GW", "SW"], "Ridgeway Landfill": ["GW", "GW", "WW", "SO"],
              "Holme Dairy": ["WW", "WW"], "Greystone Consulting": ["SO", "GW", "SW"]}
techs = ["JB", "SR", "AW", "LM"]
comments_pool = ["", "", "", "", "", "Ice packs melted", "COC form missing signature", "Bottle cracked - 1 container",
                 "Headspace in VOC vial", "Client called re results", "Re-sample requested", "Labels smudged"]
for i in range(1, 291):
    client = random.choices(clients, client_w)[0]
    matrix = random.choice(matrix_for[client])
    sampled = dt.date(2025, 1, 6) + dt.timedelta(days=random.randint(0, 140))
    lag = random.choices([0, 1, 2, 3, 4, 5], [3, 6, 3, 2, 1, 1])[0]
    recd = sampled + dt.timedelta(days=lag)
    if recd.weekday() >= 5:
        recd += dt.timedelta(days=7 - recd.weekday())
    tm = dt.time(random.randint(8, 17), random.randint(0, 59))
    temp = round(random.uniform(2.0, 7.5) + (random.uniform(2, 8) if random.random() < 0.12 else 0) + (1.0 if matrix == "SO" else 0), 1)
    temp_s = "" if random.random() < 0.04 else temp
    seal = "N" if random.random() < 0.07 else "Y"
    containers = random.randint(1, 4) + (random.randint(2, 6) if matrix in ("GW", "WW") else 0)
    tests = random.randint(1, 6) + (random.randint(3, 10) if matrix == "SO" else 0)
    prio = random.choices(["STD", "URG", "48H"], [7, 2, 1])[0]
    breach = "Y" if (lag >= 3 and matrix in ("WW", "SW") and random.random() < 0.7) or random.random() < 0.03 else "N"
    if seal == "N" and random.random() < 0.5 or (breach == "Y" and random.random() < 0.3):
        status = "REJ"
    else:
        tat = {"STD": random.randint(5, 12), "URG": random.randint(2, 4), "48H": random.randint(1, 3)}[prio]
        rep = recd + dt.timedelta(days=tat)
        status = "AUTH" if rep <= dt.date(2025, 5, 30) else random.choice(["RCVD", "INPRG", "INPRG"])
    rep_s = rep.isoformat() if status == "AUTH" else ""
    quote = round(tests * random.uniform(18, 42) * (1.5 if prio == "URG" else (1.8 if prio == "48H" else 1.0)), 2)
    rows.append([recd, tm, f"L25/{i:05d}", client, matrix, sampled.strftime("%d/%m/%Y"), recd.strftime("%d/%m/%Y"),
                 tm.strftime("%H:%M"), temp_s, seal, containers, tests, prio, breach, status, rep_s, quote,
                 random.choice(techs), random.choice(comments_pool)])
rows.sort(key=lambda r: (r[0], r[1]))
for n, r in enumerate(rows, 1):
    r[2] = f"L25/{n:05d}"
w("Sample Receipt Log 2025.csv",
  ["Lab No", "Client", "Sample Matrix", "Date Sampled", "Date Recd", "Time Recd", "Temp on Receipt (°C)",
   "Custody Seal Intact", "Containers", "Tests Requested", "Priority", "Hold Time Breach", "Status", "Reported",
   "Quote Value £", "Recd By", "Comments"],
  [r[2:] for r in rows])
