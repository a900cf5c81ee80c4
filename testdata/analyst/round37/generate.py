# Tables of the 37th corpus (seeded), a blind corpus written without reading the analyst. Domains: showjumping competition results (sport), fishery catch returns (leisure), museum accessions register (culture), university module marks (education), crop spray records (agriculture).
import random, csv, datetime as dt, math
random.seed(370537)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# ---------------------------------------------------------------------------
# Showjumping results: one row per horse-and-rider start in a class.
riders = ["Holly Brennan", "Tom Ashworth", "Sophie Kerr", "Jack Maddox", "Lucy Fenwick", "Owen Pritchard", "Megan Doyle",
          "Harriet Lowe", "Callum Reid", "Isla Garside", "Ben Whitfield", "Rosie Amos", "Daniel Hale", "Ellie Stroud",
          "George Tranter", "Amy Coldwell", "Fraser Quinn", "Chloe Nash", "Sam Devereux", "Katie Morland", "Will Okonedo",
          "Jess Harrower", "Patrick Dunne", "Freya Lindsay"]
horse_names = ["Cavalier Blue", "Diamond Rock", "Kilcoltrim Star", "Lady Lavender", "Ballyhaise Jet", "Corrado Z", "Mister Bojangles",
               "Spring Breeze", "Tullibards Tiger", "Copper Penny", "Dunmore Lad", "Valhalla VDL", "Quincy Q", "Highfield Magic",
               "Rathcoole Cruise", "Fernhill Flyer", "Balou du Bois", "Night Owl", "Celtic Dancer", "Shannon Skye", "Jackpot II",
               "Cornet's Girl", "Hurricane Harry", "Silver Birch", "Ardagh Rebel", "Chico Lad", "Zinzan", "Pocket Rocket",
               "Clover Hill", "Indigo Moon", "Loughview Lass", "Emerald Isle", "Toffee Apple", "Big Bertie", "Carlos W",
               "Stardust Memory", "Monty Python", "Orchard Lady", "Ballinamore Boy", "Tiger Lily", "Quick Step", "Archie Bear"]
horses = []  # (name, reg, rider)
random.shuffle(horse_names)
for i, hn in enumerate(horse_names):
    horses.append((hn, "BS" + str(104000 + random.randint(100, 9899)), riders[i % len(riders)]))
classes = [(80, "British Novice", 2), (90, "Discovery", 3), (100, "Newcomers", 4), (110, "Foxhunter", 5), (120, "Grade C", 6), (130, "Open", 7)]
prize_by_height = {80: [40, 30, 25, 20], 90: [60, 45, 35, 25, 20], 100: [90, 65, 50, 40, 30, 25],
                   110: [150, 110, 80, 60, 45, 35], 120: [250, 180, 130, 100, 75, 60], 130: [400, 300, 220, 160, 120, 90]}
shows = [(dt.date(2025, 4, 5), "Brook Farm EC"), (dt.date(2025, 4, 19), "Kelsall Hill"), (dt.date(2025, 5, 3), "Oakwood Arena"),
         (dt.date(2025, 5, 17), "Brook Farm EC"), (dt.date(2025, 5, 31), "Kelsall Hill"), (dt.date(2025, 6, 14), "Oakwood Arena"),
         (dt.date(2025, 6, 28), "Brook Farm EC"), (dt.date(2025, 7, 12), "Kelsall Hill"), (dt.date(2025, 7, 26), "Oakwood Arena"),
         (dt.date(2025, 8, 9), "Brook Farm EC")]
rows = []
for d, venue in shows:
    todays = sorted(random.sample(classes, random.choice([3, 4, 4])))
    for h, cname, cno in todays:
        n = random.randint(6, 12)
        starters = random.sample(horses, n)
        optimum = 62 + h // 10 + random.randint(-3, 3)
        entries = []
        for hn, reg, rider in starters:
            u = random.random()
            if u < 0.05:
                status = "EL"
            elif u < 0.08:
                status = "RT"
            else:
                status = "FIN"
            if status != "FIN":
                entries.append([hn, reg, rider, status, "", "", "", ""])
                continue
            t1 = round(random.gauss(optimum - 4, 3.5), 2)
            f1 = random.choice([0, 0, 0, 0, 4, 4, 4, 8, 8, 12])
            if random.random() < 0.12:
                f1 += 4  # a refusal
            if t1 > optimum:
                f1 += math.ceil(t1 - optimum)
            if f1 == 0:
                jf = random.choice([0, 0, 0, 4, 4, 8])
                jt = round(random.gauss(39, 3.2), 2)
                entries.append([hn, reg, rider, status, f1, t1, jf, jt])
            else:
                entries.append([hn, reg, rider, status, f1, t1, "", ""])
        fin = [e for e in entries if e[3] == "FIN"]
        jo = sorted([e for e in fin if e[6] != ""], key=lambda e: (e[6], e[7]))
        rest = sorted([e for e in fin if e[6] == ""], key=lambda e: (e[4], e[5]))
        order = jo + rest
        prizes = prize_by_height[h]
        nplace = min(len(prizes), max(1, len(order)))
        for e in entries:
            place, prize = "", 0
            if e in order and order.index(e) < nplace:
                place = order.index(e) + 1
                prize = prizes[place - 1]
            rows.append([d.strftime("%d/%m/%Y"), venue, cno, f"{h / 100:.2f}m {cname}", h, e[2], e[0], e[1],
                         e[4], e[5], e[6], e[7], e[3], place, prize])
w("Showjumping Results Export 2025-08.csv",
  ["Show Date", "Venue", "Class No.", "Class Name", "Height (cm)", "Rider", "Horse", "Horse Reg No", "R1 Faults", "R1 Time (s)",
   "JO Faults", "JO Time (s)", "Status", "Placing", "Prize Money (£)"], rows)

# ---------------------------------------------------------------------------
# Fishery catch returns: one row per angler visit (a "return"); blanks catch nothing.
waters = {"Top Lake": (["Carp", "Tench", "Bream", "Roach"], True, 1.0),
          "Specimen Lake": (["Carp", "Carp", "Catfish"], True, 0.35),
          "Mill Pool": (["Roach", "Perch", "Rudd", "Bream", "Tench"], True, 2.2),
          "Canal Stretch": (["Roach", "Perch", "Pike", "Bream"], False, 1.6),
          "River Beat 2": (["Barbel", "Chub", "Grayling", "Pike"], False, 0.8)}
species_kg = {"Carp": (6.5, 4.0), "Catfish": (9.0, 5.0), "Tench": (2.2, 0.6), "Bream": (2.4, 0.9), "Roach": (0.25, 0.12),
              "Perch": (0.45, 0.3), "Rudd": (0.3, 0.12), "Pike": (4.5, 2.5), "Barbel": (3.8, 1.5), "Chub": (1.8, 0.8),
              "Grayling": (0.5, 0.2)}
anglers = []
first = ["Dave", "Steve", "Mick", "Paul", "Gary", "Lee", "Tony", "Chris", "Ian", "Rob", "Kev", "Mark", "Sue", "Jan", "Alan", "Phil",
         "Nigel", "Darren", "Kath", "Ryan", "Liam", "Josh"]
last = ["Hargreaves", "Birch", "Coates", "Pollard", "Dawson", "Ingram", "Fletcher", "Moss", "Kirk", "Tilley", "Rowe", "Ashby",
        "Sutcliffe", "Bell", "Naylor", "Quigley"]
for i in range(58):
    pt = random.choice(["SEASON"] * 5 + ["DAY"] * 3 + ["JUNIOR", "CONC", "CONC"])
    anglers.append((f"{random.choice(first)} {random.choice(last)}", pt, f"P{24000 + i * 7 + random.randint(0, 6)}"))
rows = []
for i in range(360):
    d = dt.date(2024, 6, 16) + dt.timedelta(days=int(random.triangular(0, 271, 60)))
    name, ptype, permit = random.choice(anglers)
    if ptype == "DAY":
        permit = f"D{random.randint(10000, 99999)}"
    water = random.choice(list(waters))
    sp, has_peg, rate = waters[water]
    method = random.choice(["Feeder", "Float", "Method Feeder", "Pole"] if water not in ("Specimen Lake", "River Beat 2") else
                           (["Bolt Rig", "Bolt Rig", "Zig"] if water == "Specimen Lake" else ["Trotting", "Feeder", "Lure"]))
    hrs = round(random.choice([3, 4, 5, 5, 6, 8]) + random.choice([0, 0, 0.5]), 1) if water != "Specimen Lake" else random.choice([12, 24, 24, 36, 48])
    if water == "Specimen Lake":
        n = max(0, int(random.gauss(hrs / 24 * 1.6, 1.2)))
    else:
        n = max(0, int(random.gauss(rate * hrs, rate * hrs * 0.8)))
    wts = []
    for _ in range(n):
        s = random.choice(sp)
        mu, sd = species_kg[s]
        wts.append((max(0.05, round(random.gauss(mu, sd), 2)), s))
    total = round(sum(x for x, _ in wts), 2)
    best = max(wts) if wts else ("", "")
    bait = {"Bolt Rig": ["Boilie", "Boilie", "Tiger Nut"], "Zig": ["Foam"], "Lure": ["Spinner", "Soft Plastic"],
            "Trotting": ["Maggot", "Caster"], "Pole": ["Maggot", "Pinkie", "Caster"], "Float": ["Maggot", "Sweetcorn", "Bread"],
            "Feeder": ["Maggot", "Worm", "Pellet"], "Method Feeder": ["Pellet", "Pellet", "Sweetcorn"]}[method]
    peg = random.randint(1, 32 if water != "Specimen Lake" else 12) if has_peg else ""
    rows.append([None, d, name, permit, ptype, water, peg, method, random.choice(bait), hrs, n, total if n else "",
                 best[1], best[0], random.choice(["Y", "Y", "Y", "N"]) if n else ""])
rows.sort(key=lambda r: r[1])
for i, r in enumerate(rows):
    r[0] = f"CR24-{i + 1:04d}"
    r[1] = r[1].strftime("%d-%b-%Y")
w("CATCH_RETURNS_2024_SEASON.csv",
  ["RETURN_REF", "VISIT_DATE", "ANGLER", "PERMIT_NO", "PERMIT_TYPE", "WATER", "PEG", "METHOD", "BAIT", "HRS_FISHED", "FISH_COUNT",
   "TOTAL_WT_KG", "BEST_SPECIES", "BEST_FISH_KG", "ALL_RETURNED"], rows)

# ---------------------------------------------------------------------------
# Museum accessions register: one row per object accessioned in the half-year.
depts = {"FA": ["Oil painting", "Watercolour", "Drawing", "Print", "Sculpture"],
         "DA": ["Teapot", "Vase", "Chair", "Clock", "Brooch", "Textile sampler", "Glass goblet"],
         "SH": ["Trade token", "Ration book", "Banner", "Photograph album", "Shop sign", "Toy"],
         "NH": ["Fossil ammonite", "Mineral specimen", "Bird skin", "Herbarium sheet", "Insect drawer"],
         "ARC": ["Pottery sherd group", "Flint scraper", "Roman coin", "Bronze pin", "Clay pipe"]}
value_base = {"FA": 9000, "DA": 2500, "SH": 400, "NH": 300, "ARC": 600}
donors = ["Mrs J. Pearson", "The Hallam Trust", "Dr R. Ellison", "Mr & Mrs Okoro", "Estate of A. Whitcombe", "Friends of the Museum",
          "Mr P. Vance", "Miss E. Carrow", "County Archaeology Unit", "Dr S. Mehta", "The Gantry Family", "Mr L. Brightwell"]
dealers = ["Halcyon Fine Art Ltd", "Bonhams", "Lyon & Turnbull", "Tennants Auctioneers", "Private vendor"]
rows = []
lot = 0
while len(rows) < 232:
    lot += 1
    dept = random.choice(["FA", "DA", "DA", "SH", "SH", "SH", "NH", "ARC", "ARC"])
    method = random.choice({"FA": ["Purchase", "Gift", "Bequest", "Purchase"], "DA": ["Gift", "Purchase", "Bequest"],
                            "SH": ["Gift", "Gift", "Transfer", "Found in collection"], "NH": ["Field collection", "Gift", "Transfer"],
                            "ARC": ["Field collection", "Transfer", "Treasure"]}[dept])
    src = ""
    if method in ("Gift", "Bequest"):
        src = random.choice(donors) if method == "Gift" else random.choice([d for d in donors if d.startswith("Estate")] + ["Estate of M. Dunstan", "Estate of H. Greaves"])
    elif method == "Purchase" or method == "Treasure":
        src = random.choice(dealers) if method == "Purchase" else "Coroner (Treasure Act)"
    elif method == "Transfer":
        src = random.choice(["County Archaeology Unit", "City Library", "University Herbarium"])
    items = random.choice([1, 1, 1, 1, 2, 3]) if dept not in ("ARC", "NH") else random.choice([1, 2, 3, 4, 6])
    acc = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    recv = acc - dt.timedelta(days=int(random.lognormvariate(4.3, 0.9)))
    for it in range(items):
        if len(rows) >= 232:
            break
        obj = random.choice(depts[dept])
        val = int(round(value_base[dept] * random.lognormvariate(0, 0.9), -1))
        price = int(round(val * random.uniform(0.6, 1.0), -1)) if method in ("Purchase", "Treasure") else ""
        flat = obj in ("Oil painting", "Watercolour", "Drawing", "Print", "Herbarium sheet", "Photograph album", "Ration book", "Banner")
        small = obj in ("Roman coin", "Bronze pin", "Flint scraper", "Trade token", "Brooch", "Clay pipe", "Fossil ammonite", "Mineral specimen")
        hmm = random.randint(60, 1400) if dept == "FA" else (random.randint(8, 90) if small else random.randint(40, 900))
        wmm = random.randint(50, 1100) if flat else (random.randint(8, 80) if small else random.randint(30, 600))
        dmm = "" if flat else (random.randint(2, 40) if small else random.randint(20, 450))
        cond = random.choice(["G", "G", "G", "F", "F", "P", "U"]) if dept != "NH" else random.choice(["G", "F", "P"])
        disp = random.choice(["Y", "N", "N", "N"])
        loc = "DISPLAY-" + random.choice(["G1", "G2", "G3", "G5"]) if disp == "Y" else f"STORE-{random.choice('ABC')}{random.randint(1, 4)}-S{random.randint(1, 30):02d}"
        rows.append([f"2024.{lot}.{it + 1}" if items > 1 else f"2024.{lot}", obj, dept, method, src, recv.isoformat(), acc.isoformat(),
                     price, val, hmm, wmm, dmm, cond, disp, loc, random.choice(["K.Adeyemi", "R.Sillitoe", "M.Fairbanks"])])
rows.sort(key=lambda r: r[6])
w("accessionsRegister_2024H2.csv",
  ["accessionNumber", "objectName", "deptCode", "acquisitionMethod", "sourceName", "dateReceived", "dateAccessioned",
   "purchasePriceGBP", "insuranceValueGBP", "heightMm", "widthMm", "depthMm", "conditionCode", "onDisplay", "currentLocation",
   "catalogueBy"], rows)

# ---------------------------------------------------------------------------
# University module marks: one row per student per module attempt.
progs = {"BSc Biological Sciences": [("BIO1012", "Cell Biology", 20, 40), ("BIO1024", "Ecology and Evolution", 20, 50),
                                     ("BIO1031", "Lab Skills", 20, 100), ("BIO1040", "Biochemistry I", 40, 30)],
         "BSc Chemistry": [("CHM1001", "Inorganic Chemistry", 20, 30), ("CHM1015", "Physical Chemistry", 20, 40),
                           ("CHM1022", "Practical Chemistry", 20, 100), ("MTH1090", "Maths for Scientists", 20, 20)],
         "BA History": [("HIS1003", "Medieval Europe", 20, 50), ("HIS1011", "Modern Britain", 20, 50),
                        ("HIS1020", "Historical Methods", 20, 100), ("HIS1034", "The Atlantic World", 40, 60)],
         "BSc Computer Science": [("CSC1010", "Programming I", 20, 60), ("CSC1022", "Computer Systems", 20, 40),
                                  ("CSC1035", "Software Project", 20, 100), ("MTH1090", "Maths for Scientists", 20, 20)]}
ability = {}
rows = []
sid = 2410000
for prog, mods in progs.items():
    for s in range(random.randint(17, 22)):
        sid += random.randint(3, 40)
        a = random.gauss(58, 11)
        for code, title, cr, cwwt in mods:
            deadline = dt.datetime(2025, 1, 10, 14, 0) + dt.timedelta(days=7 * (int(code[-2]) % 3))
            late = random.random() < 0.14
            nosub = random.random() < 0.03
            sub = "" if nosub else (deadline + dt.timedelta(hours=random.randint(1, 96)) if late else deadline - dt.timedelta(minutes=random.randint(5, 60 * 24 * 5)))
            cw = 0 if nosub else max(0, min(95, int(round(random.gauss(a + 4, 9)))))
            if late and cw:
                cw = max(0, cw - 10)
            if cwwt == 100:
                ex = ""
            else:
                ex = "DEF" if random.random() < 0.04 else max(0, min(92, int(round(random.gauss(a - 3, 12)))))
            attempt = 1
            if ex == "DEF":
                overall, res, ex = "", "DEF", ""
            else:
                overall = int(round(cw * cwwt / 100 + (0 if ex == "" else ex) * (100 - cwwt) / 100))
                res = "P" if overall >= 40 else "F"
            rows.append([f"{sid}", prog, code, title, cr, cwwt, cw, ex, overall, res, attempt,
                         deadline.strftime("%d/%m/%Y %H:%M"), "" if sub == "" else sub.strftime("%d/%m/%Y %H:%M")])
            if res == "F" and random.random() < 0.8:
                cw2 = max(20, min(75, int(round(random.gauss(a + 8, 8)))))
                ex2 = "" if cwwt == 100 else max(20, min(70, int(round(random.gauss(a + 6, 9)))))
                ov2 = int(round(cw2 * cwwt / 100 + (0 if ex2 == "" else ex2) * (100 - cwwt) / 100))
                res2 = "P" if ov2 >= 40 else "F"
                ov2 = min(ov2, 40) if res2 == "P" else ov2  # resit marks are capped at the pass mark
                dl2 = dt.datetime(2025, 7, 18, 14, 0)
                rows.append([f"{sid}", prog, code, title, cr, cwwt, cw2, ex2, ov2, res2, 2,
                             dl2.strftime("%d/%m/%Y %H:%M"), (dl2 - dt.timedelta(hours=random.randint(2, 100))).strftime("%d/%m/%Y %H:%M")])
w("module_marks_2024-25_SEM1.csv",
  ["Student ID", "Programme", "Module Code", "Module Title", "Credits", "CW Wt %", "CW Mark", "Exam Mark", "Overall Mark",
   "Result", "Attempt", "CW Deadline", "CW Submitted"], rows)

# ---------------------------------------------------------------------------
# Crop spray records: one row per product in a tank mix; a job can carry several products.
fields = {"Long Meadow": (18.4, "Winter Wheat"), "Church Piece": (12.1, "Winter Wheat"), "Top Forty": (16.2, "Winter Wheat"),
          "Hollow Field": (9.7, "Winter Barley"), "Windmill Hill": (22.8, "Winter Barley"), "Brook Ground": (7.3, "Spring Beans"),
          "Far Leys": (14.6, "Oilseed Rape"), "Rookery": (11.9, "Oilseed Rape"), "Home Close": (5.2, "Spring Beans"),
          "Sixteen Acres": (6.5, "Sugar Beet"), "Warren Field": (19.3, "Winter Wheat"), "Pond Piece": (8.8, "Sugar Beet")}
products = {"Cereal": {"H": [("Pacifica Plus", "17633", 0.5, 96.0), ("Atlantis OD", "17544", 1.2, 31.5), ("Biopower", "", 1.0, 6.2)],
                       "F": [("Revystar XE", "19442", 1.0, 47.8), ("Ascra Xpro", "18121", 1.2, 33.4), ("Proline 275", "17020", 0.72, 38.0),
                             ("Folpet 500 SC", "19286", 1.5, 9.6), ("Comet 200", "12966", 0.6, 21.0)],
                       "PGR": [("Chlormequat 750", "16955", 1.5, 4.1), ("Moddus", "17380", 0.2, 71.0), ("Terpal", "15540", 0.8, 16.5)],
                       "I": [("Hallmark Zeon", "17665", 0.05, 82.0)]},
            "Oilseed Rape": {"H": [("Astrokerb", "16807", 1.1, 36.0)], "F": [("Proline 275", "17020", 0.46, 38.0), ("Filan", "12893", 0.5, 58.0)],
                             "PGR": [("Caryx", "15113", 0.7, 35.0)], "I": [("Hallmark Zeon", "17665", 0.05, 82.0)]},
            "Spring Beans": {"H": [("Nirvana", "17393", 4.5, 11.2)], "F": [("Signum", "16093", 1.0, 41.0), ("Elatus Era", "18049", 0.8, 44.0)],
                             "I": [("Hallmark Zeon", "17665", 0.05, 82.0)]},
            "Sugar Beet": {"H": [("Betanal MaxxPro", "17081", 1.0, 35.0), ("Goltix 70 SC", "17288", 1.0, 19.5), ("Venzar 500 SC", "15612", 0.3, 48.0)],
                           "F": [("Escolta", "15420", 0.8, 27.0)], "I": []}}
ops = {"R. Tibbs": "Amazone UX 4200", "K. Marsh": "Househam Harrier", "J. Pell": "Amazone UX 4200", "D. Corby (contract)": "Bateman RB35"}
rows = []
job = 0
dday = dt.date(2025, 3, 3)
while len(rows) < 330:
    dday += dt.timedelta(days=random.choice([0, 0, 1, 1, 2, 3]))
    if dday > dt.date(2025, 7, 20):
        break
    job += 1
    fname = random.choice(list(fields))
    ha, crop = fields[fname]
    pk = "Cereal" if crop.startswith("Winter") else crop
    month = dday.month
    weights = {"H": 5 if month <= 4 else 1, "F": 2 if month <= 4 else 5, "PGR": 3 if month <= 5 else 0, "I": 1 if month >= 5 else 0}
    types = [t for t in weights if products[pk].get(t)]
    t = random.choices(types, [weights[x] for x in types])[0]
    mix = [random.choice(products[pk][t])]
    for _ in range(random.choice([0, 0, 1, 1, 2])):
        t2 = random.choice(types)
        p2 = random.choice(products[pk][t2])
        if p2[0] not in [m[0] for m in mix]:
            mix.append(p2)
    area = ha if random.random() < 0.8 else round(ha * random.uniform(0.4, 0.95), 1)
    op = random.choice(list(ops))
    wind = round(random.uniform(3, 15), 1)
    temp = round(random.gauss(8 + (month - 3) * 3.5, 3), 1)
    water = random.choice([100, 100, 150, 200, 200, 250])
    start = dt.time(random.randint(6, 17), random.choice([0, 15, 30, 45]))
    gs = {"Winter Wheat": "GS", "Winter Barley": "GS", "Oilseed Rape": "BBCH ", "Spring Beans": "BBCH ", "Sugar Beet": "BBCH "}[crop]
    stage = gs + str(min(69, max(12, int(12 + (dday - dt.date(2025, 3, 1)).days / 2.3 + random.randint(-4, 4)))))
    for pname, mapp, rate, cost in mix:
        typ = [k for k, v in products[pk].items() if any(p[0] == pname for p in v)][0]
        if pname == "Biopower":
            typ = "ADJ"
        r = round(rate * random.choice([0.8, 1, 1, 1, 1.2]), 2)
        rows.append([f"SJ25-{job:03d}", dday.isoformat(), start.strftime("%H:%M"), fname, ha, crop, stage, pname, mapp, typ, r, water,
                     area, op, ops[op], wind, temp, cost])
w("SprayLog_2025-03_to_2025-07.csv",
  ["job_ref", "date_applied", "start_time", "field_name", "field_ha", "crop", "growth_stage", "product", "mapp_no", "product_type",
   "rate_l_ha", "water_l_ha", "area_sprayed_ha", "operator", "sprayer", "wind_kph", "temp_c", "cost_gbp_per_l"], rows)
