# Tables of the 44th corpus (seeded), a blind corpus written without reading the analyst. Domains: electricity network new-connection quotations (energy and utilities), container terminal truck gate transactions (transport and logistics), GCSE exam entries (education), restaurant EPOS shift summaries (hospitality and food), council bereavement services burial register (public services and local government).
import random, csv, math, datetime as dt
random.seed(44044)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def dmy(d):
    return d.strftime("%d/%m/%Y")


# 1. DNO new connection applications and quotations, one row per application.
areas = ["North West", "Yorkshire", "East Midlands", "West Midlands", "South Wales"]
area_w = [0.27, 0.22, 0.19, 0.18, 0.14]
engineers = ["K. Ashworth", "P. Nowak", "R. Begum", "S. McAllister", "T. Oduya", "L. Griffiths"]
ctypes = {"DOM": 0.38, "COM": 0.24, "IND": 0.09, "DEV": 0.2, "GEN": 0.09}
rows = []
start = dt.date(2024, 7, 1)
for i in range(300):
    rec = start + dt.timedelta(days=random.randint(0, 183))
    ct = random.choices(list(ctypes), weights=list(ctypes.values()))[0]
    if ct == "DOM":
        kva = random.choice([15, 23, 23, 35, 46, 69]); plots = 1; volt = "LV"
    elif ct == "COM":
        kva = random.choice([50, 70, 100, 150, 200, 276, 315, 500]); plots = 1
        volt = "LV" if kva <= 276 else "HV"
    elif ct == "IND":
        kva = random.choice([500, 800, 1000, 1500, 2000, 3500, 5000]); plots = 1
        volt = "HV" if kva < 3000 else "EHV"
    elif ct == "DEV":
        plots = random.randint(4, 180); kva = int(plots * random.uniform(2.0, 4.0)); volt = "LV" if kva < 250 else "HV"
    else:
        kva = random.choice([50, 100, 250, 499, 1000, 2500, 4999, 10000]); plots = 1
        volt = "LV" if kva < 250 else ("HV" if kva < 5000 else "EHV")
    dist = int(random.lognormvariate(math.log(60 if ct == "DOM" else 220), 0.9))
    base = {"LV": 1800, "HV": 42000, "EHV": 380000}[volt]
    val = round(base + kva * random.uniform(18, 60) + dist * random.uniform(55, 140) + plots * random.uniform(900, 1600), 2)
    if ct == "DOM":
        val = round(val * 0.55, 2)
    limit = {"LV": 15, "HV": 50, "EHV": 65}[volt]
    days = max(3, int(random.gauss(limit * 0.75, limit * 0.35)))
    withdrawn_early = random.random() < 0.05
    if withdrawn_early:
        issued = ""; status = "WITHDRAWN"; qv = ""; gsop = ""
    else:
        qd = rec + dt.timedelta(days=days)
        issued = dmy(qd)
        qv = val
        gsop = "Y" if days <= limit else "N"
        age = (dt.date(2025, 1, 31) - qd).days
        r = random.random()
        if age < 90 and r < 0.45:
            status = "OPEN"
        elif r < 0.62:
            status = "ACCEPTED"
        elif r < 0.93:
            status = "EXPIRED"
        else:
            status = "WITHDRAWN"
    icp = "Y" if ct in ("DEV", "IND") and random.random() < 0.4 else "N"
    rows.append([rec, ct, random.choices(areas, weights=area_w)[0], volt, kva, plots, dist, qv, issued, status,
                 random.choice(engineers), icp, gsop])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows, 1):
    out.append([f"NC-24-{40117 + n * 3:06d}", dmy(r[0])] + r[1:])
w("newConnectionsRegister_2024H2.csv",
  ["applicationRef", "dateReceived", "customerType", "licenceArea", "voltageLevel", "kVA_requested", "noPlots",
   "distToNetwork_m", "quoteValue_GBP", "quoteIssued", "quoteStatus", "designEngineer", "ICP_contestable", "gsopMet"], out)

# 2. Container terminal truck gate transactions, one row per truck visit.
lines = {"MSC": ("MSCU", 0.3), "MAE": ("MSKU", 0.24), "CMA": ("CMAU", 0.16), "HLC": ("HLXU", 0.12), "ONE": ("ONEU", 0.1), "EVG": ("EGHU", 0.08)}
hauliers = ["Maritime Transport", "GBA Logistics", "Hutchinson Haulage", "Denholm Freight", "PD Ports Road", "K-Line Haulage", "Ostrich Transport"]
haul_w = [0.22, 0.18, 0.16, 0.13, 0.12, 0.1, 0.09]
isos = {"22G1": 0.3, "42G1": 0.14, "45G1": 0.4, "45R1": 0.1, "22T6": 0.06}
rows = []
for i in range(360):
    day = dt.date(2025, 4, 1) + dt.timedelta(days=random.randint(0, 90))
    if day.weekday() == 6 and random.random() < 0.7:
        day += dt.timedelta(days=1)
    hour = random.choices(range(5, 22), weights=[2, 5, 8, 9, 9, 8, 7, 8, 8, 7, 6, 5, 4, 3, 2, 2, 1])[0]
    gin = dt.datetime.combine(day, dt.time(hour, random.randint(0, 59), random.randint(0, 59)))
    move = random.choices(["PU", "DR", "MR"], weights=[0.42, 0.4, 0.18])[0]
    ln = random.choices(list(lines), weights=[v[1] for v in lines.values()])[0]
    iso = random.choices(list(isos), weights=list(isos.values()))[0]
    fe = "E" if move == "MR" or (move == "PU" and random.random() < 0.08) else "F"
    lane = random.choice(["L01", "L02", "L03", "L04", "L05", "L06"])
    turn = random.lognormvariate(math.log(38 + (hour in (8, 9, 10)) * 14 + (lane == "L04") * 9), 0.38)
    if random.random() < 0.03:
        turn += random.randint(60, 150)
    gout = gin + dt.timedelta(seconds=int(turn * 60))
    vgm = ""
    if fe == "F" and move == "DR":
        tare = 2230 if iso.startswith("22") else (3900 if iso != "45R1" else 4800)
        vgm = int(tare + random.uniform(4000, 24000 if iso.startswith("22") else 26500))
    seal = "" if fe == "E" else random.choices(["OK", "OK", "OK", "MISMATCH", "MISSING"], weights=[90, 0, 0, 6, 4])[0]
    dmg = "Y" if random.random() < 0.07 else "N"
    cntr = lines[ln][0] + f"{random.randint(1000000, 9999999)}"
    rows.append([gin, gout, move, cntr, iso, fe, ln, random.choices(hauliers, weights=haul_w)[0], lane, vgm, seal, dmg])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows, 1):
    ts = r[0].strftime("%Y-%m-%d %H:%M:%S"); to = r[1].strftime("%Y-%m-%d %H:%M:%S")
    out.append([f"GT{250400000 + n * 7}", ts, to] + r[2:])
w("GATE_TRANSACTIONS_Q2_2025.csv",
  ["TRANS_ID", "GATE_IN_TS", "GATE_OUT_TS", "MOVE_TYPE", "CNTR_NO", "ISO_TYPE", "FULL_EMPTY", "LINE_OP", "HAULIER",
   "LANE", "VGM_KG", "SEAL_CHK", "DMG_FLAG"], out)

# 3. GCSE exam entries, one row per candidate per subject.
subjects = [("Mathematics", "AQA", "8300", True, 44.35), ("English Language", "AQA", "8700", False, 44.35),
            ("English Literature", "AQA", "8702", False, 44.35), ("Combined Science", "AQA", "8464", True, 88.70),
            ("History", "Pearson", "1HI0", False, 48.50), ("Geography", "AQA", "8035", False, 44.35),
            ("French", "AQA", "8658", True, 44.35), ("Computer Science", "OCR", "J277", False, 52.25),
            ("Religious Studies", "Eduqas", "C120", False, 46.20), ("Art and Design", "AQA", "8201", False, 44.35),
            ("Business", "Pearson", "1BS0", False, 48.50), ("Statistics", "Pearson", "1ST0", True, 48.50),
            ("Drama", "Eduqas", "C690", False, 46.20)]
surnames = ["Ahmed", "Bailey", "Clarke", "Dawson", "Evans", "Fletcher", "Green", "Hussain", "Iqbal", "Jones", "Khan",
            "Lewis", "Morgan", "Nwosu", "O'Brien", "Patel", "Quinn", "Roberts", "Singh", "Taylor", "Walsh", "Young", "Zielinski"]
forenames = ["Aisha", "Ben", "Chloe", "Daniel", "Ellie", "Farhan", "Grace", "Harry", "Isla", "Jacob", "Kiera", "Leo",
             "Maya", "Noah", "Olivia", "Priya", "Ryan", "Sophie", "Tom", "Zara", "Amelia", "Oscar", "Freya"]
forms = ["11A", "11B", "11C", "11D"]
rows = []
cand = 4101
for k in range(40):
    cn = cand + k * 3 + random.randint(0, 2)
    ability = random.gauss(5.2, 1.6)
    sn = random.choice(surnames); fn = random.choice(forenames); form = random.choice(forms)
    aa = random.random() < 0.15
    extra = random.choice([25, 25, 25, 50]) if aa else ""
    core = subjects[:4]
    opts = random.sample(subjects[4:11], 4)
    chosen = core + opts
    for s in chosen:
        name, board, spec, tiered, fee = s
        tier = ""
        if tiered:
            tier = "F" if ability < 4.6 else "H"
        entry = dt.date(2025, 2, 21) - dt.timedelta(days=random.randint(0, 30))
        late = ""
        if random.random() < 0.06:
            entry = dt.date(2025, 2, 21) + dt.timedelta(days=random.randint(1, 40))
            late = round(fee * (0.5 if entry <= dt.date(2025, 3, 21) else 1.0), 2)
        pred = int(min(9, max(1, round(ability + random.gauss(0.3, 0.6)))))
        g = round(ability + random.gauss(0, 1.1) + (0.4 if name in ("Art and Design", "Drama") else 0) - (0.5 if name == "French" else 0))
        if tier == "F":
            g = min(g, 5)
        if tier == "H" and g < 3:
            g = 3 if random.random() < 0.7 else "U"
        if g != "U":
            g = "U" if g < 1 else str(min(9, g))
        if random.random() < 0.015:
            g = "X"
        rows.append([cn, sn, fn, form, 11, board, spec, name, tier, dmy(entry), fee, late, pred, g, "Y" if aa else "N", extra])
    if ability > 5.5 and random.random() < 0.5:
        name, board, spec, tiered, fee = subjects[11]
        entry = dt.date(2025, 2, 21) - dt.timedelta(days=random.randint(0, 30))
        tier = "H"
        pred = int(min(9, max(1, round(ability + 0.5))))
        g = str(int(min(9, max(3, round(ability + random.gauss(0.2, 1.0))))))
        rows.append([cn, sn, fn, form, 11, board, spec, name, tier, dmy(entry), fee, "", pred, g, "Y" if aa else "N", extra])
w("Exam Entries Export 2025-06.csv",
  ["Candidate No.", "Surname", "Forename", "Form", "Yr", "Board", "Spec Code", "Subject", "Tier", "Entry Date",
   "Fee (£)", "Late Fee (£)", "Predicted", "Result", "Access Arr.", "Extra Time %"], rows)

# 4. Restaurant EPOS shift summaries, one row per site per service.
sites = {"Leeds Briggate": 1.25, "York Stonegate": 1.0, "Harrogate Parliament St": 0.82}
mgrs = {"Leeds Briggate": ["Dan Firth", "Chantelle Ogunleye"], "York Stonegate": ["Marek Kowalczyk", "Hannah Pugh"],
        "Harrogate Parliament St": ["Gemma Haigh", "Ollie Brand"]}
rows = []
for d in range(31):
    day = dt.date(2025, 3, 1) + dt.timedelta(days=d)
    wk = day.weekday()
    for site, scale in sites.items():
        services = ["LUN", "DIN"]
        if wk >= 5 and site != "Harrogate Parliament St":
            services = ["BRU"] + services
        if wk == 0 and site == "Harrogate Parliament St":
            services = ["DIN"]
        for sv in services:
            basec = {"BRU": 70, "LUN": 55, "DIN": 95}[sv]
            dayf = [0.8, 0.85, 0.9, 1.0, 1.3, 1.5, 1.1][wk]
            if day == dt.date(2025, 3, 30) and sv != "BRU":
                dayf *= 1.6
            covers = max(8, int(random.gauss(basec * scale * dayf, basec * 0.12)))
            sph = {"BRU": 21.5, "LUN": 19.0, "DIN": 34.0}[sv] * random.uniform(0.85, 1.15)
            net = round(covers * sph, 2)
            tips = round(net * random.uniform(0.06, 0.11), 2)
            comps = round(random.choice([0, 0, 0, 6.5, 12.0, 18.5, 24.0, 35.0]) * (1 + (sv == "DIN")), 2)
            voids = random.choice([0, 0, 1, 1, 2, 3, 4, 6])
            hrs = round(covers * random.uniform(0.28, 0.4) + 14, 1)
            lab = round(hrs * random.uniform(12.2, 13.6), 2)
            noshow = random.choice([0, 0, 0, 1, 2, 2, 3, 5]) if sv == "DIN" else random.choice([0, 0, 0, 1])
            walk = int(covers * random.uniform(0.1, 0.45))
            turn = int(random.gauss({"BRU": 62, "LUN": 55, "DIN": 98}[sv], 9))
            mgr = random.choice(mgrs[site])
            note = random.choices(["", "", "", "", "short staffed", "KP sick", "dishwasher down", "large party", "private hire"], k=1)[0]
            rows.append([day.isoformat(), site, sv, mgr, covers, walk, noshow, net, tips, comps, voids, hrs, lab, turn, note])
w("EPOS_ShiftSummary_2025-03.csv",
  ["shift_date", "site", "service", "duty_mgr", "covers", "walk_ins", "no_shows", "net_sales_gbp", "tips_gbp",
   "comps_gbp", "voids_qty", "labour_hrs", "labour_cost_gbp", "avg_turn_min", "mgr_notes"], rows)

# 5. Bereavement services burial register, one row per interment.
cems = {"Hollins Lane": 0.36, "St Mary's Road": 0.26, "Eastwood Park": 0.24, "Brackley Moor": 0.14}
sections = {"Hollins Lane": ["A", "B", "C", "D", "F"], "St Mary's Road": ["1", "2", "3", "RC"],
            "Eastwood Park": ["N", "S", "W", "Lawn"], "Brackley Moor": ["Old", "New", "Muslim"]}
fds = ["Co-op Funeralcare", "J. Brocklehurst & Sons", "Dignity - Hanson's", "A. Rahman Funeral Services",
       "Whitworth Family FD", "Pennine Funeral Service"]
fd_w = [0.28, 0.2, 0.18, 0.08, 0.15, 0.11]
male_fn = ["John", "David", "Peter", "Michael", "Alan", "Brian", "George", "Kenneth", "Mohammed", "Stanley", "Derek"]
fem_fn = ["Margaret", "Joan", "Patricia", "Susan", "Jean", "Dorothy", "Irene", "Barbara", "Shirley", "Khadija", "Eileen"]
sur = ["Ashton", "Barlow", "Crowther", "Dyson", "Ellis", "Fielding", "Greenwood", "Hirst", "Ingham", "Kershaw",
       "Lord", "Mitchell", "Naylor", "Shah", "Sutcliffe", "Taylor", "Whiteley", "Akhtar", "Holden", "Wood"]
rows = []
for i in range(240):
    dod = dt.date(2024, 3, 25) + dt.timedelta(days=random.randint(0, 360))
    cem = random.choices(list(cems), weights=list(cems.values()))[0]
    sec = random.choice(sections[cem])
    fd = random.choices(fds, weights=fd_w)[0]
    if sec == "Muslim" or fd == "A. Rahman Funeral Services":
        wait = random.randint(1, 3)
    else:
        wait = max(4, int(random.gauss(16, 6)))
        if dod.month in (12, 1):
            wait += random.randint(3, 9)
    doi = dod + dt.timedelta(days=wait)
    if doi < dt.date(2024, 4, 1) or doi > dt.date(2025, 3, 31):
        continue
    sex = random.choice(["M", "F"])
    age = int(min(103, max(0, random.gauss(80 if sex == "F" else 77, 11))))
    if random.random() < 0.03:
        age = random.randint(0, 2)
    fn = random.choice(male_fn if sex == "M" else fem_fn)
    gtype = random.choices(["NEW", "REOPEN", "CR"], weights=[0.42, 0.38, 0.2])[0]
    res = "Y" if random.random() < 0.86 else "N"
    mult = 1 if res == "Y" else 2
    if gtype == "CR":
        fee = 245.0 * mult; depth = ""
    else:
        fee = (690.0 if age >= 18 else 0.0) * mult
        depth = random.choice([4, 6, 6, 6, 7]) if gtype == "NEW" else random.choice([4, 4, 5])
    erob = ""
    if gtype == "NEW":
        erob = (1150.0 if sec != "Lawn" else 1385.0) * mult
    grave = f"{sec}-{random.randint(1, 420)}"
    rows.append([doi, sur[random.randrange(len(sur))], fn, sex, age, dod, cem, grave, gtype, depth, fee, erob, res, fd])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows, 1):
    out.append([f"B/24/{n:04d}"] + r[1:5] + [dmy(r[5]), dmy(r[0])] + r[6:])
w("burial_register_FY2024-25.csv",
  ["Register No", "Surname", "Forenames", "Sex", "Age", "Date of Death", "Date of Interment", "Cemetery", "Grave Ref",
   "Grave Type", "Depth (ft)", "Interment Fee (£)", "EROB Fee (£)", "Resident", "Funeral Director"], out)
