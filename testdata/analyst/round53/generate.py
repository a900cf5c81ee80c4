# Domains: lifeboat launches (marine rescue shout log), hospital sterile services (HSDU) tray tracking, distribution-centre yard shunter moves, picture library image licence sales, secondary school behaviour log.
# Tables of the fifty-third corpus (seeded), written before any run of the analyst on them.
import random, csv, datetime as dt
random.seed(53053)

def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f); c.writerow(header); c.writerows(rows)

def wpick(d):
    ks = list(d); return random.choices(ks, weights=[d[k] for k in ks])[0]

# ---------------------------------------------------------------- lifeboat launches, 2024: one row per launch
stations = {"Porthmellin": (["ALB", "ILB"], 5), "Skerry Bay": (["ILB"], 4), "Holmwick": (["ALB", "ILB"], 3), "Dunmore Quay": (["ALB"], 2)}
codes = {"PTM": "Porthmellin", "SKB": "Skerry Bay", "HLW": "Holmwick", "DMQ": "Dunmore Quay"}
scode = {v: k for k, v in codes.items()}
month_w = [2, 2, 3, 5, 8, 11, 14, 15, 9, 5, 3, 2]
cats = {"MF": 24, "PIW": 9, "GRD": 10, "MED": 11, "SRCH": 12, "FAGI": 16, "CAPS": 8, "STBY": 4}
vessels = ["Yacht", "Motor cruiser", "Fishing vessel", "Kayak/canoe", "Dinghy", "RIB", "Paddleboard"]
notes_by = {"MF": ["Tow to harbour", "Engine failure, towed in", "Fouled prop, towed to moorings", "Fuel problem - escorted in", ""],
            "PIW": ["Casualty recovered from water", "Recovered to boat, handed to ambulance", ""],
            "GRD": ["Refloated on tide", "Kedged off, escorted to harbour", "Stood by until refloat", ""],
            "MED": ["Casualty transferred to ambulance", "Medevac from vessel", ""],
            "SRCH": ["Search of shoreline with CG team", "Search area covered, nothing found", "Stood down en route", ""],
            "FAGI": ["Stood down en route", "Nothing found - FAGI", "Debris mistaken for person", ""],
            "CAPS": ["Righted and towed in", "Crew recovered, dinghy recovered", ""],
            "STBY": ["Safety cover for event", "Stood by", ""]}
rows = []
seq = {k: 0 for k in codes}
for i in range(236):
    m = random.choices(range(1, 13), weights=month_w)[0]
    day = random.randint(1, 28 if m == 2 else 30)
    hour = random.choices(range(24), weights=[1,1,1,1,1,1,2,3,4,5,6,6,7,7,7,7,6,6,5,4,3,2,2,1])[0]
    paged = dt.datetime(2024, m, day, hour, random.randint(0, 59))
    st = wpick({k: v[1] for k, v in stations.items()})
    boat = random.choice(stations[st][0])
    cat = wpick(cats)
    night = "Y" if hour < 6 or hour >= 21 else "N"
    delay = random.randint(5, 13) if boat == "ILB" else random.randint(9, 21)
    if night == "Y": delay += random.randint(1, 4)
    launched = paged + dt.timedelta(minutes=delay)
    durm = {"MF": (60, 300), "PIW": (30, 150), "GRD": (60, 360), "MED": (45, 180), "SRCH": (60, 420), "FAGI": (20, 90), "CAPS": (40, 160), "STBY": (90, 300)}[cat]
    dur = random.randint(*durm)
    if boat == "ALB": dur = int(dur * 1.3)
    back = launched + dt.timedelta(minutes=dur)
    if cat in ("FAGI", "SRCH", "PIW", "MED", "STBY") and random.random() < 0.7: vt = ""
    elif cat == "CAPS": vt = random.choice(["Dinghy", "Kayak/canoe", "Paddleboard", "Dinghy"])
    else: vt = random.choice(vessels)
    crew = random.randint(6, 8) if boat == "ALB" else random.randint(3, 4)
    aided = 0 if cat in ("FAGI", "STBY") else random.choice([1, 1, 1, 2, 2, 3, 4, 5])
    saved = 0
    if cat in ("PIW", "CAPS", "MED") and random.random() < 0.45: saved = min(aided, random.choice([1, 1, 1, 2]))
    if cat == "GRD" and random.random() < 0.1: saved = 1
    wind = min(9, max(1, int(random.gauss(4, 1.7)) + (1 if m in (1, 2, 11, 12) else 0)))
    wind = "" if random.random() < 0.04 else wind
    auth = random.choices(["HMCG", "HMCG", "HMCG", "HMCG", "HMCG", "HMCG", "POLICE", "AMB", "OTHER"])[0]
    seq[scode[st]] += 1
    rows.append([paged, scode[st], st, boat, launched, back, auth, cat, vt, crew, aided, saved, wind, night, random.choice(notes_by[cat])])
rows.sort(key=lambda r: r[0])
seq = {k: 0 for k in codes}
out = []
for r in rows:
    seq[r[1]] += 1
    ref = f"{r[1]}-24-{seq[r[1]]:03d}"
    f = lambda x: x.strftime("%d/%m/%Y %H:%M")
    out.append([ref, r[2], r[3], f(r[0]), f(r[4]), f(r[5])] + r[6:])
w("LB_LAUNCHES_2024.csv", ["Launch Ref", "Station", "Boat", "Paged At", "Launched At", "Back On Station", "Tasking Auth", "Incident Cat",
                           "Vessel Type", "Crew", "Ppl Aided", "Lives Saved", "Wind (Bft)", "Night Y/N", "Notes"], out)

# ---------------------------------------------------------------- HSDU tray tracking, Apr-Jun 2025: one row per tray processed
sets = {"Major Ortho Set": ("ORTH", 92, 68.0), "Hip Revision Tray": ("ORTH", 120, 85.0), "Laparoscopy Set": ("GEN", 54, 52.5),
        "Basic Minor Ops": ("GEN", 28, 24.0), "Caesarean Set": ("OBS", 61, 47.0), "Tonsillectomy Set": ("ENT", 38, 33.5),
        "Cataract Set": ("OPH", 22, 29.0)}
cust_by = {"ORTH": ["Main Theatres"], "GEN": ["Main Theatres", "Day Surgery Unit"], "OBS": ["Maternity Theatres"],
           "ENT": ["Day Surgery Unit", "Main Theatres"], "OPH": ["Eye Unit"]}
set_w = {"Major Ortho Set": 9, "Hip Revision Tray": 3, "Laparoscopy Set": 8, "Basic Minor Ops": 10, "Caesarean Set": 6, "Tonsillectomy Set": 5, "Cataract Set": 7}
trays = {}
for s, (sp, n, c) in sets.items():
    k = {"Major Ortho Set": "MOS", "Hip Revision Tray": "HRT", "Laparoscopy Set": "LAP", "Basic Minor Ops": "BMO", "Caesarean Set": "CS", "Tonsillectomy Set": "TON", "Cataract Set": "CAT"}[s]
    trays[s] = [f"{k}-{j:03d}" for j in range(1, random.randint(6, 14))]
cyc = {"AC1": 1180, "AC2": 2210, "AC3": 3050, "AC4": 4400}
open_cycle = {}
rows = []
t = dt.datetime(2025, 4, 1, 7, 0)
end = dt.datetime(2025, 6, 30, 20, 0)
while len(rows) < 348:
    t += dt.timedelta(minutes=random.randint(60, 560))
    if t > end: break
    if t.hour < 7 or t.hour > 21: continue
    s = wpick(set_w)
    sp, n, cost = sets[s]
    stat = "STAT" if random.random() < 0.12 else "ROUTINE"
    ac = random.choices(["AC1", "AC2", "AC3", "AC4"], weights=[5, 4, 3, 2])[0]
    if ac not in open_cycle or random.random() < 0.55:
        cyc[ac] += 1; open_cycle[ac] = cyc[ac]
    rewash = "Y" if random.random() < 0.07 else "N"
    bio = "Y" if rewash == "Y" and random.random() < 0.6 else "N"
    ster_h = random.uniform(1.5, 4) if stat == "STAT" else random.uniform(3, 14)
    if rewash == "Y": ster_h += random.uniform(2, 5)
    ster = t + dt.timedelta(hours=ster_h)
    iss_h = random.uniform(0.3, 2) if stat == "STAT" else random.choice([random.uniform(1, 10), random.uniform(8, 30)])
    iss = ster + dt.timedelta(hours=iss_h)
    cnt = n + random.choice([0, 0, 0, 0, -1, -2, 1])
    miss = random.choices([0, 1, 2, 3], weights=[82, 12, 4, 2])[0]
    cust = random.choice(cust_by[sp])
    com = ""
    if miss: com = random.choice(["Missing instr reported to theatre", "Tray short - replacement from stock", "Instrument missing, incident logged"])
    elif rewash == "Y": com = random.choice(["Returned to wash - residual soil", "Rewash - stained hinges"])
    elif random.random() < 0.08: com = random.choice(["Wrap torn, repacked", "Indicator tape faded", "Late return from theatre"])
    issued = iss.strftime("%Y-%m-%d %H:%M") if iss < dt.datetime(2025, 6, 30, 20, 0) or random.random() < 0.3 else ""
    rows.append([random.choice(trays[s]), s, sp, t.strftime("%Y-%m-%d %H:%M"), ster.strftime("%Y-%m-%d %H:%M"), issued, ac,
                 f"{ac}-{open_cycle[ac]:05d}", cnt, miss, bio, rewash, stat, cust, round(cost * (1.5 if stat == "STAT" else 1), 2), com])
w("HSDU tray tracking export 01-04-2025 to 30-06-2025.csv",
  ["TrayBarcode", "SetName", "specialty", "Received_HSDU", "Sterilised", "Issued", "Autoclave", "CycleNo", "Instr Count", "Missing Instr",
   "Bioburden Fail", "Rewash", "Priority", "Customer", "Cost_gbp", "Comments"], rows)

# ---------------------------------------------------------------- yard shunter moves, weeks 14-26 2025: one row per trailer move
hauliers = {"Own Fleet": 9, "Kelso Freight": 6, "Bridgeway": 5, "Norland Haulage": 4, "TransMerc": 3}
trailers = []
for j in range(150):
    h = wpick(hauliers)
    trailers.append((f"TRL{random.randint(10000, 99999)}", h, "Y" if random.random() < 0.3 else "N"))
mtypes = {"GI": 22, "DK": 28, "UD": 26, "GO": 20, "RP": 7}
drivers = {"SH1": ["Gaz", "Mick"], "SH2": ["Steph", "Dean"], "SH3": ["Kwame", "Tom"], "SH4": ["Lee", "Ola"]}
rows = []
start = dt.datetime(2025, 3, 31, 0, 0)
for i in range(384):
    day = random.randint(0, 90)
    hour = random.choices(range(24), weights=[3,3,3,2,2,4,6,7,7,6,6,5,5,5,6,6,6,5,4,4,3,3,3,3])[0]
    req = start + dt.timedelta(days=day, hours=hour, minutes=random.randint(0, 59))
    tr, h, ref = random.choice(trailers)
    mt = wpick(mtypes)
    park = f"PARK-{random.choice('ABC')}{random.randint(1, 24):02d}"
    door = f"DOOR {random.randint(1, 16):02d}"
    fr, to = {"GI": ("GATE", park), "DK": (park, door), "UD": (door, park), "GO": (park, "GATE"), "RP": (park, f"PARK-{random.choice('ABC')}{random.randint(1, 24):02d}")}[mt]
    hot = "Y" if random.random() < 0.15 else "N"
    wait = random.randint(3, 25) if hot == "Y" else int(random.triangular(4, 95, 14))
    if 6 <= hour < 9: wait += random.randint(0, 20)
    done = req + dt.timedelta(minutes=wait)
    unit = random.choices(list(drivers), weights=[5, 4, 4, 2])[0]
    load = {"GI": random.choice(["LOADED", "LOADED", "EMPTY"]), "DK": random.choice(["LOADED", "EMPTY"]), "UD": random.choice(["LOADED", "EMPTY"]),
            "GO": random.choice(["LOADED", "LOADED", "EMPTY"]), "RP": random.choice(["LOADED", "EMPTY"])}[mt]
    rows.append([req, tr, h, fr, to, mt, done, unit, random.choice(drivers[unit]), load, ref, hot])
rows.sort(key=lambda r: r[0])
out = []
for k, r in enumerate(rows):
    out.append([700100 + k, r[1], r[2], r[3], r[4], r[5], r[0].strftime("%d/%m/%Y %H:%M"), r[6].strftime("%d/%m/%Y %H:%M")] + r[7:])
w("yard_moves_wk14-26_2025.csv", ["moveId", "trailerNo", "haulier", "fromLoc", "toLoc", "moveType", "requestedTs", "completedTs",
                                  "shunterUnit", "driver", "loadStatus", "reefer", "hotFlag"], out)

# ---------------------------------------------------------------- picture library licence sales, Jan-Jun 2025: one row per licence
photogs = {"Ines Varga": ("News", 50), "Tom Ashdown": ("Sport", 40), "Priya Castell": ("Travel", 50), "Mal Reddick": ("Nature", 40),
           "Hanne Ostby": ("Travel", 40), "Archive (staff)": ("Archive", 30), "Dele Okonjo": ("News", 50), "Rosa Linde": ("Nature", 50)}
clients = {"Harbourline Books": "Publisher", "Northgate Press": "Publisher", "Meridian Media Group": "Publisher", "Bluefin Creative": "Agency",
           "Sable & Finch": "Agency", "Copperleaf Advertising": "Agency", "Channel Nine North": "Broadcaster", "Tidewater TV": "Broadcaster",
           "Alvern Utilities plc": "Corporate", "Kestrel Travel Ltd": "Corporate", "The Weekend Review": "Publisher", "Loom Digital": "Agency"}
usage_base = {"Print": 180, "Web": 95, "Broadcast": 260, "Advertising": 520, "Book cover": 340}
lt_mult = {"RM": 1.0, "RF": 0.55, "ED": 0.7, "EXCL": 3.2}
images = {p: [f"PL-{random.randint(1000, 99999):06d}" for _ in range(random.randint(15, 40))] for p in photogs}
rows = []
for i in range(268):
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 178))
    p = random.choices(list(photogs), weights=[7, 6, 5, 4, 4, 6, 5, 3])[0]
    coll, roy = photogs[p]
    cl = random.choice(list(clients)); ct = clients[cl]
    us = random.choices(list(usage_base), weights=[6, 8, 3, 2, 2])[0]
    if ct == "Broadcaster": us = random.choice(["Broadcast", "Broadcast", "Web"])
    lt = random.choices(list(lt_mult), weights=[10, 7, 8, 1])[0]
    if coll == "News" and random.random() < 0.5: lt = "ED"
    if lt == "ED" and us == "Advertising": us = random.choice(["Print", "Web"])
    terr = random.choices(["UK", "EU", "WW"], weights=[6, 2, 3])[0]
    dur = random.choice([1, 3, 6, 12, 12, 24, 36]) if lt != "RF" else ""
    gross = usage_base[us] * lt_mult[lt] * {"UK": 1, "EU": 1.4, "WW": 2}[terr] * random.uniform(0.8, 1.3)
    gross = round(gross / 5) * 5
    disc = random.choice([0, 0, 10, 15, 20, 25]) if ct == "Agency" else random.choice([0, 0, 0, 0, 10, 15])
    net = round(gross * (1 - disc / 100), 2)
    run = random.choice([2000, 5000, 10000, 25000, 50000, 120000]) if us in ("Print", "Book cover") else ""
    inv = f"INV-25{d.month:02d}{i + 101:03d}"
    rows.append([inv, d.isoformat(), random.choice(images[p]), p, coll, lt, us, terr, dur, run, cl, ct, gross, disc, net, roy])
rows.sort(key=lambda r: r[1])
w("PicLib_Licences_H1-2025.csv", ["Invoice #", "Order Date", "Image ID", "Photographer", "Collection", "Licence Type", "Usage", "Territory",
                                  "Duration (months)", "Print Run", "Client", "Client Type", "Gross Fee (£)", "Discount %", "Net Fee (£)", "Royalty %"], rows)

# ---------------------------------------------------------------- school behaviour log, autumn term 2024: one row per incident
forms = {y: [f"{y}{t}" for t in random.sample(["RH", "JM", "KP", "SB", "AL", "DW", "CF", "MT", "GN", "EO"], 4)] for y in range(7, 12)}
pupils = []
for j in range(230):
    y = random.choice(range(7, 12)); pupils.append((f"P{random.randint(10000, 99999)}", y, random.choice(forms[y]), "Y" if random.random() < 0.16 else "N"))
pw = [random.paretovariate(1.6) for _ in pupils]
staff = ["JMA", "KPO", "RHE", "SBR", "ALU", "DWI", "CFO", "MTA", "GNE", "EOK", "HBA", "PCR"]
subjects = ["Maths", "English", "Science", "History", "Geography", "PE", "Art", "MFL", "Computing", "RE"]
cats = {"DISR": (20, 2), "LATE": (18, 1), "HW": (14, 1), "DEF": (10, 3), "PHONE": (9, 2), "UNIF": (9, 1), "BULLY": (3, 5), "FIGHT": (3, 5), "LANG": (8, 2)}
days = [dt.date(2024, 9, 4) + dt.timedelta(days=k) for k in range(0, 107)]
days = [d for d in days if d.weekday() < 5 and not (dt.date(2024, 10, 28) <= d <= dt.date(2024, 11, 1))]
rows = []
for i in range(392):
    d = random.choice(days)
    pid, y, fm, sen = random.choices(pupils, weights=pw)[0]
    cat = random.choices(list(cats), weights=[v[0] for v in cats.values()])[0]
    per = random.choice(["Reg"] if cat == "LATE" and random.random() < 0.6 else ["P1", "P2", "P3", "P4", "P5", "P1", "P2", "P3", "P4", "P5", "Break", "Lunch"])
    if cat == "HW" and per in ("Break", "Lunch"): per = "P3"
    subj = "" if per in ("Reg", "Break", "Lunch") else random.choice(subjects)
    pts = cats[cat][1] + random.choice([0, 0, 0, 1])
    if cat in ("BULLY", "FIGHT"): san = random.choice(["DTHT", "ISO", "FTS", "ISO"])
    elif pts >= 3: san = random.choice(["DT30", "DTHT", "ISO", "DT30"])
    else: san = random.choice(["WARN", "WARN", "DT30", "NONE", "DT30"])
    served = ("Y" if random.random() < 0.82 else "N") if san in ("DT30", "DTHT") else ""
    parent = "Y" if san in ("DTHT", "ISO", "FTS") or random.random() < 0.25 else "N"
    com = random.choice({"DISR": ["", "", "Repeated after warning", "Refused to move seat", "Shouting out"], "LATE": ["", "", "Late from lunch", "No reason given"],
                         "HW": ["", "", "Second missed deadline"], "DEF": ["", "Refused to move seat", "Left lesson without permission"],
                         "PHONE": ["", "Phone confiscated - collected by parent", "Using phone in lesson"], "UNIF": ["", "No PE kit", "Trainers", "No tie"],
                         "BULLY": ["Referred to HoY", "Online - reported by peer"], "FIGHT": ["Argument in corridor escalated", "Referred to HoY"],
                         "LANG": ["", "Swearing at peer", "Inappropriate language to staff"]}[cat])
    rows.append([d, per, y, fm, pid, subj, random.choice(staff), cat, pts, san, served, parent, sen, com])
rows.sort(key=lambda r: (r[0], ["Reg", "P1", "P2", "Break", "P3", "P4", "Lunch", "P5"].index(r[1])))
out = [[f"BEH{24000 + k + 1}", r[0].strftime("%d/%m/%Y")] + r[1:] for k, r in enumerate(rows)]
w("BehaviourLog_Autumn_Term_2024.csv", ["Incident ID", "Date", "Period", "Year Group", "Form", "Pupil ID", "Subject", "Staff", "Category", "Points",
                                        "Sanction", "Detention Served", "Parent Contacted", "SEN", "Comments"], out)
