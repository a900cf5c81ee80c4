# Domains: aircraft turnarounds (ground handling), street works permit applications, health-record subject access requests, self-checkout interventions, pig finishing deadweight returns.
# Tables of the fifty-second corpus (seeded; standard library only). Run from this folder.
import random, csv, datetime as dt
random.seed(52052)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def pick(weights):
    r = random.random() * sum(weights.values())
    for k, v in weights.items():
        r -= v
        if r <= 0:
            return k
    return k


# 1. Aircraft turnarounds at a regional airport, Q1 2025: one row per turn.
carriers = {
    "RYR": (["B738"], 25, 189, 0.9, "EI-"),
    "EZY": (["A319", "A320", "A320", "A321"], 30, 180, 1.2, "G-EZ"),
    "LOG": (["ATR72", "E145"], 25, 68, 0.7, "G-LM"),
    "TOM": (["B738", "B38M"], 55, 189, 0.5, "G-TU"),
    "KLM": (["E190", "E175"], 40, 100, 0.6, "PH-E"),
}
cap = {"B738": 189, "B38M": 197, "A319": 156, "A320": 186, "A321": 235, "ATR72": 70, "E145": 49, "E190": 100, "E175": 88}
fuelbase = {"B738": 5200, "B38M": 4800, "A319": 4300, "A320": 5000, "A321": 6100, "ATR72": 1400, "E145": 2100, "E190": 3300, "E175": 2900}
regs = {c: [carriers[c][4] + "".join(random.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(6 - len(carriers[c][4]))) for _ in range({"RYR": 22, "EZY": 16, "LOG": 5, "TOM": 6, "KLM": 7}[c])] for c in carriers}
stands = [str(n) for n in range(1, 11)] + ["R1", "R2", "R3", "R4"]
stand_w = {s: (1.6 if s in ("4", "5", "6") else 1.0) if not s.startswith("R") else 0.5 for s in stands}
stand_w["5"] = 2.4
delay_w = {93: 0.38, 81: 0.14, 15: 0.14, 33: 0.1, 13: 0.1, 87: 0.08, 31: 0.06}
remarks = ["", "", "", "", "", "", "", "Late fuel bowser", "Cabin clean extended", "Hold bags offloaded - no show pax", "Tug u/s, swapped",
           "Catering late", "Crew change", "Tech stop - engineer called", "Belt loader breakdown", "Pushback delayed by ATC slot", "Water service added"]
rows = []
d0 = dt.date(2025, 1, 1)
for i in range(318):
    day = d0 + dt.timedelta(days=random.randint(0, 89))
    c = pick({"RYR": 36, "EZY": 27, "LOG": 14, "TOM": 9, "KLM": 14})
    types, sched, _, _, _ = carriers[c]
    ac = random.choice(types)
    st = sched + (10 if ac == "A321" else 0)
    on = dt.datetime.combine(day, dt.time(5, 30)) + dt.timedelta(minutes=random.randint(0, 15 * 60))
    actual = st + random.randint(-4, 6)
    code, dmins = "", ""
    if random.random() < 0.3:
        code = pick(delay_w)
        if code == 93:
            dmins = random.randint(5, 95)
            actual = st + random.randint(-5, 2)
        else:
            dmins = random.randint(3, 35)
            actual = st + dmins + random.randint(-2, 3)
    off = on + dt.timedelta(minutes=actual)
    pin = int(cap[ac] * random.uniform(0.45, 1.0))
    pout = int(cap[ac] * random.uniform(0.45, 1.0))
    bags = int(pout * random.uniform(0.15, 0.9) if c in ("TOM", "KLM") else pout * random.uniform(0.05, 0.45))
    fuel = int(round(fuelbase[ac] * random.uniform(0.6, 1.4), -1))
    stand = pick(stand_w)
    if ac in ("ATR72", "E145") and random.random() < 0.5:
        stand = random.choice(["R1", "R2", "R3", "R4"])
    gpu = "Y" if (not stand.startswith("R") and random.random() < 0.7) or random.random() < 0.1 else "N"
    flt = c + str(random.randint(100, 9899))
    rows.append([on, day.strftime("%d/%m/%Y"), flt, c, ac, random.choice(regs[c]), stand, on.strftime("%H:%M"), off.strftime("%H:%M"), st,
                 pin, pout, bags, fuel, code, dmins, random.choice(["A", "B", "C", "D"]), gpu, random.choice(remarks)])
rows.sort(key=lambda r: r[0])
rows = [r[1:] for r in rows]
w("TURNAROUNDS_Q1_2025.csv", ["Date", "Flt No", "Airline", "A/C Type", "Reg", "Stand", "On Blocks", "Off Blocks", "Sched TAT (mins)", "PAX IN",
                               "PAX OUT", "Bags Ldd", "Fuel Uplift (L)", "Delay Code", "Delay (mins)", "Team", "GPU", "Remarks"], rows)

# 2. Street works permit applications to a highway authority: one row per application.
promoters = {"Northern Water": 30, "CityGas Networks": 24, "OpenFibre Ltd": 22, "PowerGrid Distribution": 16, "Council Highways": 12, "Metro Telecom": 8}
wards = {"Abbey": ["Abbey Road", "Priory Lane", "Chapel Street", "Mill Hill"], "Castleton": ["Castle Street", "Keep Row", "Moat Lane", "Bridge End", "Tower View"],
         "Eastfield": ["Eastfield Road", "Lark Rise", "Orchard Way"], "Northgate": ["North Parade", "Gate Street", "Market Place", "Wool Lane"],
         "Riverside": ["Quay Street", "Wharf Road", "Ferry Lane", "Water Lane", "Boat Yard"], "Southmoor": ["Moor Lane", "Heath Road", "Common Side"]}
ward_w = {"Abbey": 14, "Castleton": 22, "Eastfield": 12, "Northgate": 18, "Riverside": 17, "Southmoor": 11}
cat_w = {"MAJ": 9, "STD": 34, "MIN": 30, "IMM": 27}
fees = {"MAJ": 240, "STD": 130, "MIN": 65, "IMM": 60}
tm_by = {"MAJ": {"RC": 5, "TTL": 3, "MWS": 2}, "STD": {"TTL": 5, "RC": 2, "MWS": 1, "GW": 2}, "MIN": {"GW": 5, "SO": 4, "TTL": 2}, "IMM": {"TTL": 4, "GW": 3, "SO": 2, "RC": 1}}
notes = ["", "", "", "", "", "Bus stop suspension needed", "Parking bay suspension requested", "Clash with Castle Fair - dates moved", "Section 58 restriction applies",
         "Lights on manual control at peak", "Footway closure - ped route signed", "Chapter 8 signing queried", "Resident letter drop required", "Joint dig with gas main"]
rows = []
for i in range(262):
    cat = pick(cat_w)
    prom = pick(promoters)
    ward = pick(ward_w)
    street = random.choice(wards[ward])
    rec = dt.date(2025, 1, 6) + dt.timedelta(days=random.randint(0, 158))
    lead = {"MAJ": random.randint(90, 130), "STD": random.randint(10, 28), "MIN": random.randint(3, 14), "IMM": 0}[cat]
    start = rec + dt.timedelta(days=lead)
    dur = {"MAJ": random.randint(11, 60), "STD": random.randint(4, 10), "MIN": random.randint(1, 3), "IMM": random.randint(1, 5)}[cat]
    end = start + dt.timedelta(days=dur - 1)
    tm = pick(tm_by[cat])
    status = pick({"GRANTED": 68, "REFUSED": 7, "CANC": 6, "MODREQ": 9, "PEND": 10}) if cat != "IMM" else pick({"GRANTED": 92, "CANC": 4, "REFUSED": 4})
    if rec > dt.date(2025, 5, 28) and cat != "IMM":
        status = pick({"PEND": 70, "GRANTED": 30})
    collab = "Y" if random.random() < 0.12 else "N"
    fee = "" if status == "CANC" else (round(fees[cat] * (0.7 if collab == "Y" else 1.0), 2) if prom != "Council Highways" else 0)
    fpn = "Y" if status == "GRANTED" and random.random() < 0.09 + (0.1 if prom == "OpenFibre Ltd" else 0) else "N"
    ref = "SW25/%05d" % (1000 + i)
    rows.append([rec, ref, prom, street, ward, cat, tm, rec.isoformat(), start.strftime("%d/%m/%Y"), end.strftime("%d/%m/%Y"), status, fee, collab, fpn, random.choice(notes)])
rows.sort(key=lambda r: (r[0], r[1]))
rows = [r[1:] for r in rows]
w("streetworksPermits_2025wk02-24.csv", ["permitRef", "promoter", "street", "ward", "worksCategory", "TM_type", "app_received", "proposedStart", "proposedEnd",
                                         "status", "permit_fee_gbp", "collab_YN", "fpn_issued", "inspector_notes"], rows)

# 3. Subject access requests for health records at an NHS trust, FY 2024-25: one row per request.
sites = {"Riverside General": 45, "St Anne's": 33, "Moorfield Community": 22}
handlers = {"JK": 28, "AP": 24, "RM": 22, "LT": 16, "SB": 10}
comments = ["", "", "", "", "", "Third party info redacted", "Scanned from off-site store", "Requester asked for CD copy", "Clarification sought on date range",
            "Consultant review required", "Duplicate of earlier request", "Posted recorded delivery", "Portal download link sent"]
rows = []
for i in range(296):
    rec = dt.date(2024, 4, 1) + dt.timedelta(days=int(random.triangular(0, 364, 230)))
    rtype = pick({"PAT": 44, "SOL": 28, "NOK": 9, "POL": 7, "INS": 12})
    site = pick(sites)
    fmt = pick({"Electronic": 50, "Paper": 25, "Mixed": 25})
    idv = "Y" if random.random() < 0.93 else "N"
    ext = "Y" if random.random() < 0.1 else "N"
    days = random.randint(40, 85) if ext == "Y" else int(random.triangular(5, 45, 20 + (8 if fmt == "Paper" else 0)))
    done = rec + dt.timedelta(days=days)
    status = pick({"CLSD": 88, "WDN": 6, "REF": 6})
    if idv == "N":
        status = pick({"OPEN": 1, "WDN": 1})
    if done > dt.date(2025, 3, 31):
        status = "OPEN"
    pages = redac = ""
    if status == "CLSD":
        pages = int(random.uniform(15, 380) * (2.5 if fmt == "Paper" else (1.6 if fmt == "Mixed" else 1)))
        redac = int(pages * random.uniform(0, 0.08) * (2 if rtype in ("SOL", "INS") else 1))
    fee = 0
    if status == "CLSD" and random.random() < 0.08:
        fee = random.choice([10, 10, 25, 50])
    h = pick(handlers)
    rows.append([rec, "SAR-%s-%04d" % ("24" if rec.year == 2024 else "25", i + 1), rec.strftime("%d/%m/%Y"), rtype, site, fmt, idv,
                 done.strftime("%d/%m/%Y") if status == "CLSD" else "", pages, redac, ext, status, h, fee, random.choice(comments)])
rows.sort(key=lambda r: r[0])
rows = [r[1:] for r in rows]
w("SAR Log - Health Records 2024-25.csv", ["Request Ref", "Date Received", "Requester Type", "Site", "Record Format", "ID Verified", "Date Completed",
                                            "Pages Disclosed", "Redactions", "Extension", "Status", "Handler", "Fee (£)", "Comments"], rows)

# 4. Self-checkout interventions across four supermarkets, June 2025: one row per intervention.
stores = {214: ("Leeds Kirkstall", 34, 8), 231: ("York Monks Cross", 27, 10), 258: ("Harrogate Central", 17, 6), 263: ("Wakefield Westgate", 22, 8)}
colleagues = {s: ["C%04d" % random.randint(100, 9999) for _ in range(random.randint(5, 8))] for s in stores}
code_w = {"UIBA": 30, "AGE": 22, "WGT": 16, "HELP": 12, "CPN": 7, "PRC": 6, "NSCN": 7}
resp_base = {"UIBA": 25, "AGE": 40, "WGT": 30, "HELP": 55, "CPN": 45, "PRC": 60, "NSCN": 35}
snotes = ["", "", "", "", "", "", "Customer frustrated", "Lane rebooted", "Scale recalibrated", "Bag left on scale", "Staff override used",
          "Reported to security", "Customer left before resolved", "Printer out of paper"]
hour_w = {h: v for h, v in zip(range(7, 23), [2, 4, 6, 7, 8, 11, 10, 7, 7, 9, 12, 10, 7, 5, 3, 2])}
rows = []
for i in range(384):
    day = dt.date(2025, 6, 1) + dt.timedelta(days=i % 30 if i < 30 else random.randint(0, 29))
    sn = pick({k: v[1] for k, v in stores.items()})
    name, _, lanes = stores[sn]
    hr = pick(hour_w)
    ts = dt.datetime.combine(day, dt.time(hr, random.randint(0, 59), random.randint(0, 59)))
    code = pick(code_w)
    resp = max(3, int(random.gauss(resp_base[code], resp_base[code] / 2.5)))
    clear = resp + max(5, int(random.expovariate(1 / 50)))
    items = max(1, int(random.lognormvariate(2.2, 0.7)))
    basket = round(items * random.uniform(1.1, 4.2), 2)
    age = ""
    if code == "AGE":
        age = "DECLINED" if random.random() < 0.14 else "APPROVED"
    lp = "Y" if (code == "NSCN" and random.random() < 0.7) or (code in ("UIBA", "WGT") and random.random() < 0.07) else "N"
    rows.append([ts, ts.strftime("%Y-%m-%d %H:%M:%S"), sn, name, random.randint(1, lanes), code, resp, clear, random.choice(colleagues[sn]), basket, items, age, lp, random.choice(snotes)])
rows.sort(key=lambda r: r[0])
rows = [r[1:] for r in rows]
w("SCO_INTERVENTIONS_2025-06.csv", ["EVENT_TS", "STORE_NO", "STORE_NAME", "LANE", "INTV_CODE", "RESP_SECS", "CLEAR_SECS", "COLL_ID", "BASKET_GBP",
                                    "ITEM_QTY", "AGE_RESULT", "LP_FLAG", "NOTES"], rows)

# 5. Pig finishing unit deadweight returns, 2023-2024: one row per load sent to slaughter.
units = {"Hillside": ("HS", 4), "Low Barn": ("LB", 3), "Carr Lane": ("CL", 5)}
abattoirs = {"TYN": 45, "MLT": 35, "HLS": 20}
hauliers = {"J Pickering & Son": 40, "Wolds Livestock Haulage": 35, "R & A Dent": 25}
vnotes = ["", "", "", "", "", "", "Few lame pigs held back", "Loaded late, long lairage", "Coughing in shed 2 noted", "Skin damage on several carcases",
          "Lighter pigs pulled to fill load", "Abattoir queried tattoo", "Heat stress on journey - fans on"]
rows = []
for u, (pre, sheds) in units.items():
    placed = dt.date(2022, 9, 5) + dt.timedelta(days=random.randint(0, 20))
    bn = 0
    while True:
        bn += 1
        batch = "%s-%03d" % (pre, bn)
        nloads = random.randint(4, 7)
        head = nloads * 205 + random.randint(10, 60)
        tail = random.random() < 0.22
        first_kill = placed + dt.timedelta(days=random.randint(98, 110))
        if first_kill > dt.date(2024, 12, 20):
            break
        left = int(head * random.uniform(0.955, 0.985))
        for L in range(nloads):
            kd = first_kill + dt.timedelta(days=7 * L + random.randint(0, 2))
            if kd.weekday() >= 5:
                kd += dt.timedelta(days=7 - kd.weekday())
            if kd.year < 2023 or kd > dt.date(2024, 12, 31):
                continue
            hd = min(left, random.choice([180, 190, 200, 210, 220])) if L < nloads - 1 else min(left, 240)
            if hd <= 0:
                continue
            left -= hd
            cond = random.choice([0, 0, 0, 0, 1, 1, 2, 3]) + (1 if tail and random.random() < 0.5 else 0)
            dwt = round(random.gauss(88.5 + 1.2 * L, 3.2), 1)
            p2 = round(random.gauss(11.2 + 0.4 * L, 1.6), 1)
            spec = round(min(99.0, max(60.0, random.gauss(90 - 2.5 * abs(p2 - 11.5), 4))), 1)
            month = (kd.year - 2023) * 12 + kd.month
            base = round(195 + 15 * (month < 10) + random.gauss(0, 3) - 0.9 * max(0, month - 10) + (6 if month > 18 else 0), 1)
            val = round((hd - cond) * dwt * base / 100, 2)
            rows.append([kd, "DW%05d" % random.randint(10000, 99999), batch, u, placed.strftime("%d/%m/%Y"), kd.isoformat(), pick(abattoirs), hd, cond, dwt, p2, spec,
                         base, val, pick(hauliers), "Y" if tail else "N", random.choice(vnotes)])
        placed = placed + dt.timedelta(days=int(150 / sheds) + random.randint(-4, 4))
rows.sort(key=lambda r: (r[0], r[1]))
rows = [r[1:] for r in rows]
w("PigBatches_Deadweight_2023-24.csv", ["load_ref", "batch_no", "unit", "placed_date", "kill_date", "abattoir", "hd_sent", "hd_condemned", "avg_dwt_kg",
                                        "avg_p2_mm", "pct_in_spec", "base_p_per_kg", "total_value_gbp", "haulier", "tail_bite_flag", "vet_notes"], rows)
