# Tables of the 41st corpus (seeded), a blind corpus written without reading the analyst. Domains: NHS audiology hearing aid fittings (health and social care), wholesale fruit and veg market sale dockets (retail and wholesale), ski hire agreements (sport and leisure), garden moth trap records (science and environment), household waste recycling centre weighbridge tickets (science and environment).
import random, csv, math, datetime as dt
random.seed(410041)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# ---------------------------------------------------------------------------
# 1. Audiology: one row per hearing-aid appointment booked from a referral.
#    Rescheduled patients reappear with a later appointment.
clinics = ["Riverside HC", "St Anne's Audiology", "Market St Hub", "Westfield Clinic"]
clinic_w = [34, 26, 22, 18]
audiologists = ["K. Mensah", "R. Patel", "J. Lowther", "S. O'Brien", "H. Nakamura"]
aud_w = [27, 23, 19, 17, 14]
aid_cost = {"BTE": 86.40, "RIC": 124.75, "ITE": 212.30, "CROS": 348.00}
rows = []
pid_pool = [f"P{random.randint(100000, 999999)}" for _ in range(400)]
ref_no = 1000
carry = []  # patients to rebook
for i in range(262):
    if carry and random.random() < 0.55:
        pid, age, sex, refd, ref = carry.pop(0)
        appt = refd + dt.timedelta(days=random.randint(60, 170))
    else:
        pid = pid_pool.pop()
        age = min(97, max(19, int(random.gauss(71, 12))))
        sex = random.choice("MF")
        refd = dt.date(2024, 8, 19) + dt.timedelta(days=random.randint(0, 150))
        ref_no += random.randint(1, 7)
        ref = f"AUD/24/{ref_no:05d}" if refd.year == 2024 else f"AUD/25/{ref_no:05d}"
        appt = refd + dt.timedelta(days=int(min(175, max(12, random.gauss(92, 30)))))
    clinic = random.choices(clinics, clinic_w)[0]
    dna_p = {"Riverside HC": 0.08, "St Anne's Audiology": 0.11, "Market St Hub": 0.19, "Westfield Clinic": 0.13}[clinic]
    r = random.random()
    if r < dna_p:
        outcome = "DNA"
    elif r < dna_p + 0.06:
        outcome = "DECLINED"
    elif r < dna_p + 0.15:
        outcome = "RESCHED"
    else:
        outcome = "FITTED"
    aud = random.choices(audiologists, aud_w)[0]
    ptal = round(min(95, max(18, random.gauss(46 + (age - 70) * 0.5, 13))), 1)
    ptar = round(min(95, max(18, ptal + random.gauss(0, 8))), 1)
    aid = ears = cost = mins = fu = ""
    if outcome == "FITTED":
        aid = random.choices(["BTE", "RIC", "ITE", "CROS"], [44, 38, 10, 8])[0]
        if aid == "CROS":
            ears = "BIN"
        else:
            ears = random.choices(["BIN", "L", "R"], [62, 19, 19])[0]
        n = 2 if ears == "BIN" else 1
        cost = round(aid_cost[aid] * n, 2)
        mins = int(random.choice([45, 60, 60, 60, 75, 90]) + (15 if ears == "BIN" and random.random() < 0.3 else 0))
        fu = "Y" if random.random() < 0.86 else "N"
    elif outcome == "DECLINED":
        mins = random.choice([30, 45])
        fu = "N"
    elif outcome == "RESCHED":
        mins = ""
        fu = "N"
        carry.append((pid, age, sex, refd, ref))
    else:  # DNA: not seen, no test that day, carried PTA from assessment
        fu = "N"
    rows.append([ref, pid, age, sex, refd, appt, clinic, aud, outcome, aid, ears, ptal, ptar, mins, cost, fu])
rows.sort(key=lambda r: (r[5], r[0]))
rows = [r[:4] + [r[4].strftime("%d/%m/%Y"), r[5].strftime("%d/%m/%Y")] + r[6:] for r in rows]
w("Audiology Fittings Export 2025-03.csv",
  ["Referral Ref", "Patient ID", "Age", "Sex", "Referral Date", "Appt Date", "Clinic", "Audiologist", "Outcome",
   "Aid Type", "Ears", "PTA L (dB HL)", "PTA R (dB HL)", "Appt Mins", "Device Cost (£)", "F/U Booked"], rows)


# ---------------------------------------------------------------------------
# 2. Wholesale fruit & veg market: one row per docket line.
products = {
    # desc: (pack, case kg, base £/case, origins)
    "TOMATO ROUND CL1": ("6KG BOX", 6, 9.80, ["ES", "NL", "MA"]),
    "TOMATO CHERRY VINE": ("9X250G TRAY", 2.25, 8.40, ["ES", "NL"]),
    "POTATO MARIS PIPER": ("25KG SACK", 25, 11.50, ["GB"]),
    "ONION BROWN 60-80": ("20KG SACK", 20, 10.20, ["GB", "NL", "ES"]),
    "CARROT WASHED": ("10KG SACK", 10, 6.10, ["GB", "NL"]),
    "STRAWBERRY 12X227G": ("12X227G TRAY", 2.72, 17.60, ["ES", "GB"]),
    "LEMON 5S": ("15KG BOX", 15, 19.40, ["ES", "ZA"]),
    "AVOCADO HASS 20S": ("4KG BOX", 4, 15.90, ["PE", "KE", "ES"]),
    "BANANA GREEN": ("18KG BOX", 18, 16.80, ["CR", "CO"]),
    "LETTUCE ICEBERG 10S": ("10 HEAD BOX", 6.5, 8.90, ["ES", "GB"]),
    "PEPPER MIXED 5KG": ("5KG BOX", 5, 11.70, ["NL", "ES"]),
    "CUCUMBER 12S": ("12 PC BOX", 4.8, 7.30, ["NL", "ES", "GB"]),
    "MUSHROOM CLOSED CUP": ("2.27KG PUNNET BOX", 2.27, 6.95, ["IE", "GB"]),
    "BROCCOLI 8KG": ("8KG BOX", 8, 10.60, ["ES", "GB"]),
}
prod_w = [16, 6, 12, 10, 8, 7, 5, 6, 7, 6, 5, 5, 6, 4]
ctype_terms = {"GRN": ["CASH", "7D"], "CAT": ["30D", "7D"], "MKT": ["CASH"], "RST": ["7D", "30D"]}
accounts = []
for k in range(58):
    ct = random.choices(["GRN", "CAT", "MKT", "RST"], [34, 22, 20, 24])[0]
    accounts.append((f"{random.choice('ABCDHKLMPRSTW')}{random.choice('ABEHORTU')}{random.randint(100, 999)}", ct, random.choice(ctype_terms[ct])))
salesmen = ["DGR", "MKO", "TBA", "LWS"]
rows = []
docket = 48213
day0 = dt.date(2025, 3, 31)  # Monday of ISO week 14
for dn in range(118):
    acct, ct, terms = random.choice(accounts)
    d = day0 + dt.timedelta(days=random.randint(0, 90))
    if d.weekday() == 6:
        d += dt.timedelta(days=1)
    t = dt.datetime.combine(d, dt.time(3, 0)) + dt.timedelta(minutes=int(random.triangular(0, 420, 90)))
    sm = random.choices(salesmen, [33, 28, 22, 17])[0]
    lines = random.choices([1, 2, 3, 4, 5], [14, 26, 28, 20, 12])[0]
    prods = random.sample(list(products), lines)
    disc = random.choice(["", "", "", "2.5", "5"]) if ct in ("CAT", "RST") else ""
    for p in prods:
        pack, kg, base, origins = products[p]
        org = random.choice(origins)
        seasonal = 1 - 0.12 * (d - day0).days / 90 if p.startswith("STRAW") else 1
        price = round(base * seasonal * random.uniform(0.88, 1.14), 2)
        cls = "I" if random.random() < 0.85 else "II"
        if cls == "II":
            price = round(price * 0.82, 2)
        qty = random.choices([1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20], [10, 14, 12, 10, 9, 8, 7, 6, 4, 3, 2])[0]
        if ct == "MKT":
            qty = qty + random.randint(2, 10)
        cn = f"CN{random.randint(7100, 7999)}" if random.random() < 0.07 else ""
        rows.append([dn, t.strftime("%Y-%m-%d %H:%M"), acct, ct, p, org, cls, pack, qty, price, kg,
                     disc, terms, sm, cn])
rows.sort(key=lambda r: (r[1], r[0]))
seen = {}
for r in rows:
    if r[0] not in seen:
        docket += random.randint(1, 9)
        seen[r[0]] = f"D{docket}"
    r[0] = seen[r[0]]
w("SALES_DOCKETS_WK14-26_2025.csv",
  ["DOCKET_NO", "SALE_DTTM", "ACCT_NO", "CUST_TYPE", "PRODUCT_DESC", "ORIGIN", "CLASS", "PACK", "QTY",
   "PRICE_PER_CASE_GBP", "CASE_WT_KG", "DISC_PCT", "PAY_TERMS", "SALESMAN", "CREDIT_NOTE_REF"], rows)


# ---------------------------------------------------------------------------
# 3. Ski hire: one row per hire agreement (one skier), 2024-25 season.
packages = {"SKI-STD": 31.0, "SKI-PERF": 44.5, "SKI-JNR": 19.5, "SNB-STD": 33.0, "BOOTS-ONLY": 14.0, "SKI-XC": 22.0}
pkg_w = [34, 18, 17, 15, 9, 7]
shops = ["VT-Centre", "VT-Peclet", "Orelle-Base"]
shop_w = [45, 33, 22]
staff = ["AM", "JD", "LC", "PB", "TR", "SV"]
nats = ["GB", "FR", "NL", "BE", "DE", "DK", "IE"]
nat_w = [38, 17, 15, 10, 9, 6, 5]
rows = []
agr = 20417
season0 = dt.date(2024, 12, 14)
groups = [f"GRP-{random.randint(1000, 9999)}" for _ in range(40)]
for i in range(304):
    # busier around Christmas/New Year and Feb half-term
    while True:
        d = season0 + dt.timedelta(days=random.randint(0, 127))
        wgt = 1.0
        if dt.date(2024, 12, 21) <= d <= dt.date(2025, 1, 4) or dt.date(2025, 2, 8) <= d <= dt.date(2025, 2, 23):
            wgt = 2.6
        if random.random() < wgt / 2.6:
            break
    out = dt.datetime.combine(d, dt.time(8, 0)) + dt.timedelta(minutes=random.randint(0, 600))
    pkg = random.choices(list(packages), pkg_w)[0]
    days = random.choices([1, 2, 3, 4, 5, 6, 7], [6, 7, 8, 6, 12, 48, 13])[0]
    price = round(packages[pkg] * days * (0.85 if days >= 6 else 1.0) * random.choice([1, 1, 1, 0.9]), 2)
    junior = pkg == "SKI-JNR"
    if junior:
        h = random.randint(105, 158)
        wt = round(max(18, h * 0.27 + random.gauss(0, 4)), 1)
    else:
        h = int(random.gauss(174, 9))
        wt = round(max(45, (h - 100) * 0.98 + random.gauss(0, 9)), 1)
    lvl = random.choices(["BEG", "INT", "ADV", "EXP"], [22, 40, 28, 10] if not junior else [45, 40, 15, 0])[0]
    boot = round(max(18.0, min(31.0, h * 0.152 + random.gauss(0, 0.6))) * 2) / 2
    din = ""
    if pkg.startswith("SKI") and pkg != "SKI-XC":
        din = round(max(1.5, min(11.0, wt / 12 + {"BEG": -1.5, "INT": 0, "ADV": 1.0, "EXP": 2.0}[lvl] + random.gauss(0, 0.4))) * 2) / 2
    ins = "Y" if random.random() < 0.63 else "N"
    due = d + dt.timedelta(days=days - 1)
    late = random.random() < 0.09
    ret = dt.datetime.combine(due + dt.timedelta(days=1 if late else 0), dt.time(15, 0)) + dt.timedelta(minutes=random.randint(0, 180))
    dmg = ""
    if random.random() < 0.08:
        dmg = round(random.choice([25, 40, 60, 75, 120, 180]) * (0.0 if ins == "Y" and random.random() < 0.5 else 1.0) + random.choice([0, 5, 12.5]), 2)
    grp = random.choice(groups) if random.random() < 0.48 else ""
    rows.append(["", random.choices(shops, shop_w)[0], out, due, ret, days, pkg, lvl, h, wt, boot, din,
                 random.choices(nats, nat_w)[0], price, ins, dmg, grp, random.choice(staff)])
rows.sort(key=lambda r: r[2])
for r in rows:
    agr += random.randint(1, 4)
    r[0] = f"HA{agr}"
    r[2] = r[2].strftime("%d/%m/%Y %H:%M")
    r[3] = r[3].strftime("%d/%m/%Y")
    r[4] = r[4].strftime("%d/%m/%Y %H:%M")
w("skiHireAgreements_2024-25season.csv",
  ["agreementNo", "shopCode", "outDateTime", "dueBackDate", "returnedDateTime", "daysHired", "packageCode", "skierAbility",
   "heightCm", "weightKg", "bootMondo", "dinSetting", "nationality", "priceEur", "damageWaiver", "damageChargeEur",
   "groupRef", "staffId"], rows)


# ---------------------------------------------------------------------------
# 4. Moth trap records: one row per species per trap night per site.
sites = {"Hollins Garden": "MV Robinson", "Brackley Wood": "Actinic Heath", "Sedge Meadow": "LED Skinner"}
species = [
    # taxon, common name, first month, last month, abundance
    ("Noctua pronuba", "Large Yellow Underwing", 6, 10, 9.0),
    ("Xestia c-nigrum", "Setaceous Hebrew Character", 5, 10, 4.0),
    ("Agrotis exclamationis", "Heart and Dart", 5, 8, 7.5),
    ("Ochropleura plecta", "Flame Shoulder", 5, 9, 3.0),
    ("Orthosia gothica", "Hebrew Character", 3, 5, 5.0),
    ("Orthosia cerasi", "Common Quaker", 3, 5, 4.5),
    ("Deilephila elpenor", "Elephant Hawk-moth", 5, 8, 1.6),
    ("Laothoe populi", "Poplar Hawk-moth", 5, 8, 1.4),
    ("Hepialus humuli", "Ghost Moth", 6, 7, 1.3),
    ("Opisthograptis luteolata", "Brimstone Moth", 4, 9, 2.0),
    ("Idaea aversata", "Riband Wave", 6, 8, 2.6),
    ("Xanthorhoe fluctuata", "Garden Carpet", 4, 10, 1.8),
    ("Camptogramma bilineata", "Yellow Shell", 6, 8, 2.2),
    ("Lymantria monacha", "Black Arches", 7, 8, 1.5),
    ("Mythimna pallens", "Common Wainscot", 6, 9, 2.4),
    ("Autographa gamma", "Silver Y", 5, 10, 3.2),
    ("Phlogophora meticulosa", "Angle Shades", 5, 10, 1.7),
    ("Agrochola lychnidis", "Beaded Chestnut", 9, 10, 3.1),
    ("Epirrita dilutata", "November Moth", 10, 10, 2.0),
    ("Chiasmia clathrata", "Latticed Heath", 5, 8, 1.9),
    ("Eilema lurideola", "Common Footman", 6, 8, 3.4),
    ("Cabera pusaria", "Common White Wave", 5, 8, 1.5),
]
recorders = ["D. Whitcombe", "A. Fairbairn", "M. Osei", "E. Lund"]
rows = []
nights = []
for site in sites:
    for k in range(17):
        d = dt.date(2024, 3, 25) + dt.timedelta(days=random.randint(0, 212))
        nights.append((d, site))
nights = sorted(set(nights))
rid = 3300
for d, site in nights:
    m = d.month
    season_temp = 4 + 9 * math.sin(math.pi * (d.timetuple().tm_yday - 80) / 220)
    tmin = round(season_temp + random.gauss(0, 2.2), 1)
    cloud = random.randint(0, 8)
    wind = random.choices([0, 1, 2, 3, 4, 5], [10, 22, 26, 20, 14, 8])[0]
    activity = max(0.15, (tmin + 3) / 14) * (1.15 if cloud >= 5 else 0.9) * (0.6 if wind >= 4 else 1.0)
    activity *= {"MV Robinson": 1.4, "Actinic Heath": 0.8, "LED Skinner": 1.0}[sites[site]]
    rec = random.choices(recorders, [40, 27, 20, 13])[0]
    avail = [s for s in species if s[2] <= m <= s[3]]
    random.shuffle(avail)
    nsp = min(len(avail), max(1, int(len(avail) * min(0.9, 0.35 + 0.3 * activity))))
    for s in avail[:nsp]:
        q = max(1, int(random.expovariate(1 / (s[4] * activity)) + 0.5))
        rid += 1
        ver = random.choices(["Y", "N", ""], [55, 15, 30])[0]
        rows.append([f"MR-{rid}", d.strftime("%d/%m/%Y"), site, sites[site], s[0], s[1], q, tmin, cloud, wind, rec, ver])
w("MothTrap_Records_2024.csv",
  ["Record ID", "Trap Night", "Site", "Trap", "Taxon", "Common Name", "Qty", "Min Temp (C)", "Cloud (oktas)",
   "Wind (Bft)", "Recorder", "Verified"], rows)


# ---------------------------------------------------------------------------
# 5. Household waste recycling centre weighbridge: one row per ticket.
streams = {
    # ewc: (description, destination, typical net kg, gate fee £/t)
    "20 03 01": ("Residual household waste", "EfW", 7800, 112.50),
    "20 01 01": ("Paper and card", "MRF", 3900, 18.00),
    "20 02 01": ("Green waste", "Composting", 5200, 31.00),
    "17 09 04": ("Mixed rubble/soil", "Landfill", 9600, 96.25),
    "20 01 38": ("Wood", "Reprocessor", 4700, 54.00),
    "20 01 40": ("Scrap metal", "Reprocessor", 3300, -85.00),
    "20 03 07": ("Bulky waste", "Landfill", 5100, 126.00),
    "20 01 02": ("Glass", "Reprocessor", 8200, 12.50),
}
stream_w = [24, 12, 20, 9, 11, 7, 9, 8]
sites5 = ["Northfield HWRC", "Southmoor HWRC", "Canal St Transfer"]
hauliers = {"Council Fleet": 46, "Greenway Skips Ltd": 19, "Ridley Haulage": 16, "BMT Waste Services": 12, "K&J Roll-On": 7}
regs = {h: [f"{random.choice(['YK', 'YJ', 'LS', 'BD', 'HX'])}{random.randint(15, 24)} {''.join(random.choice('ABCDEFGHJKLMNOPRSTUVWXYZ') for _ in range(3))}"
            for _ in range({"Council Fleet": 9, "Greenway Skips Ltd": 5, "Ridley Haulage": 4, "BMT Waste Services": 3, "K&J Roll-On": 2}[h])]
        for h in hauliers}
tares = {r: int(random.gauss(11800, 500) if h in ("Council Fleet", "Ridley Haulage") else random.gauss(9400, 450))
         for h in regs for r in regs[h]}
rows = []
tno = 771200
for i in range(326):
    d = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 91))
    tin = dt.datetime.combine(d, dt.time(6, 30)) + dt.timedelta(minutes=random.randint(0, 600), seconds=random.randint(0, 59))
    ewc = random.choices(list(streams), stream_w)[0]
    desc, dest, typ, fee = streams[ewc]
    if ewc == "20 02 01":
        typ = int(typ * (1.25 if d.month <= 8 else 0.8))
    h = random.choices(list(hauliers), list(hauliers.values()))[0]
    reg = random.choice(regs[h])
    tare = tares[reg] + random.randint(-60, 60)
    net = max(420, int(random.gauss(typ, typ * 0.22)))
    gross = tare + net
    turnaround = max(4, int(random.gauss(17, 6)))
    tout = tin + dt.timedelta(minutes=turnaround, seconds=random.randint(0, 59))
    contam = "Y" if random.random() < {"20 01 01": 0.18, "20 02 01": 0.14, "20 01 02": 0.10}.get(ewc, 0.04) else "N"
    rej = "Y" if contam == "Y" and random.random() < 0.35 else ""
    rows.append([0, random.choices(sites5, [42, 35, 23])[0], d.isoformat(), tin.strftime("%H:%M:%S"), tout.strftime("%H:%M:%S"),
                 reg, h, ewc, desc, gross, tare, dest, fee, contam, rej])
rows.sort(key=lambda r: (r[2], r[3]))
for r in rows:
    tno += random.randint(1, 3)
    r[0] = tno
w("hwrc_weighbridge_tickets_2024Q3.csv",
  ["ticket_no", "site_name", "date_in", "time_in", "time_out", "vehicle_reg", "haulier", "ewc_code", "waste_desc",
   "gross_kg", "tare_kg", "destination", "gate_fee_gbp_per_t", "contamination_flag", "load_rejected"], rows)
