# Tables of the thirty-third corpus (seeded), a blind corpus written without
# reading the analyst. Domains: NMR core-facility instrument bookings
# (research), jury summons register (justice administration), ATM cash
# replenishment visits (banking operations), invasive species control
# treatments (conservation), lift breakdown callouts (facilities management).
import random, csv, math, datetime as dt
random.seed(330217)


def w(name, header, rows):
    with open(name, "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# NMR facility bookings: one row per booked slot; hours used blank when
# cancelled, 0 for a no-show. Dates day-first as the booking system exports.
rows = []
instruments = {"NMR400-A": 18.0, "NMR500-B": 25.0, "NMR600-Cryo": 45.0, "NMR800-Cryo": 70.0}
inst_w = [30, 30, 25, 15]
groups = {"Chen Lab": ["jchen", "mwu", "tlo"], "Okoye Lab": ["aokoye", "bmensah"],
          "Patel Group": ["rpatel", "sdesai", "kiyer"], "Lindgren Lab": ["elindgren", "ohansen"],
          "Structural Biology Core": ["fmurray", "gsantos"],
          "EXT - Pharmaxis Ltd": ["ext.pharmaxis"], "EXT - AgriGen plc": ["ext.agrigen"]}
grp_w = [22, 16, 20, 12, 14, 9, 7]
for i in range(210):
    start = dt.datetime(2024, 10, 1, 8) + dt.timedelta(days=random.randint(0, 181), hours=random.choice([0, 1, 2, 4, 5, 6, 9, 10]))
    inst = random.choices(list(instruments), inst_w)[0]
    grp = random.choices(list(groups), grp_w)[0]
    ext = grp.startswith("EXT")
    booked = random.choice([1, 2, 2, 3, 4, 4, 6, 8, 12, 16]) if not inst.startswith("NMR800") else random.choice([4, 8, 12, 16, 24])
    r = random.random()
    status = "Completed" if r < 0.81 else ("Cancelled" if r < 0.93 else "No-show")
    used = round(min(booked * 1.1, booked * random.uniform(0.55, 1.05)), 1) if status == "Completed" else ("" if status == "Cancelled" else 0)
    samples = max(1, int(booked * random.uniform(0.5, 3))) if status == "Completed" else ""
    rate = round(instruments[inst] * (2.5 if ext else 1.0), 2)
    rows.append([None, inst, grp, random.choice(groups[grp]), start, booked, used, status, samples, "Y" if ext else "N", rate])
rows.sort(key=lambda x: x[4])
for n, x in enumerate(rows, 1):
    x[0] = f"BK{24000 + n * 3}"
    x[4] = x[4].strftime("%d/%m/%Y %H:%M")
w("NMR_Facility_Bookings_Oct24-Mar25.csv",
  ["Booking Ref", "Instrument", "Research Group", "Booked By", "Start Time", "Hrs Booked", "Hrs Used", "Status", "No. Samples", "External", "Rate (£/h)"], rows)


# Jury summons register: one row per summons issued.
rows = []
courts = ["Leeds Crown Court", "Bradford Crown Court", "Sheffield Crown Court", "York Crown Court", "Hull Crown Court"]
court_w = [30, 22, 20, 10, 18]
reasons = ["Medical", "Childcare", "Work commitments", "Full-time student", "Travel booked", "Carer"]
reason_w = [30, 18, 22, 10, 12, 8]
for i in range(236):
    issued = dt.date(2025, 1, 6) + dt.timedelta(days=random.randint(0, 170))
    wk = issued + dt.timedelta(weeks=random.randint(6, 10))
    wk -= dt.timedelta(days=wk.weekday())
    court = random.choices(courts, court_w)[0]
    resp = random.choices(["Attended", "Excused", "Deferred", "Disqualified", "No Response"], [55, 20, 12, 4, 9])[0]
    reason = random.choices(reasons, reason_w)[0] if resp == "Excused" else ""
    if resp == "Attended":
        days = random.choices([1, 2, 3, 5, 8, 10, 12, 15], [4, 5, 8, 25, 18, 25, 8, 7])[0]
        travel = round(days * random.uniform(3.2, 14.5), 2)
        subs = round(days * random.choice([5.71, 5.71, 12.17]), 2)
        loe = round(days * random.uniform(32, 72), 2) if random.random() < 0.45 else ""
        emp = "Y" if random.random() < 0.72 else "N"
    else:
        days, travel, subs, loe, emp = "", "", "", "", ""
    rows.append([None, court, issued, wk.isoformat(), resp, reason, days, travel, subs, loe, emp])
rows.sort(key=lambda x: x[2])
for n, x in enumerate(rows, 1):
    x[0] = f"JS25-{n:05d}"
    x[2] = x[2].isoformat()
w("jury_summons_register_H1_2025.csv",
  ["summons_no", "court_centre", "issued_dt", "service_wk_commencing", "response_status", "excusal_reason",
   "days_served", "travel_claim_gbp", "subsistence_gbp", "loe_claim_gbp", "empanelled"], rows)


# ATM cash-in-transit replenishment visits: one row per visit.
rows = []
atms = []
site_types = ["BRANCH", "SUPERMARKET", "FUEL STN", "TRANSPORT HUB"]
regions = ["NORTH WEST", "MIDLANDS", "SOUTH EAST", "SCOTLAND"]
for n in range(1, 33):
    atms.append((f"ATM{4100 + n * 7}", random.choices(site_types, [40, 30, 18, 12])[0], random.choice(regions)))
atm_w = [3 if a[1] in ("SUPERMARKET", "TRANSPORT HUB") else 2 for a in atms]
atm_w[5] = 6
vendors = ["SECURACASH", "G-VAULT", "BRINKLEY CIT"]
for i in range(188):
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 88))
    atm, st, reg = random.choices(atms, atm_w)[0]
    vtype = "EMERGENCY" if random.random() < 0.18 else "SCHEDULED"
    load = random.choice([20000, 25000, 30000, 40000, 50000, 60000, 80000]) if st != "FUEL STN" else random.choice([15000, 20000, 25000])
    empty = vtype == "EMERGENCY" and random.random() < 0.7 or random.random() < 0.04
    resid = 0 if empty else int(round(load * random.uniform(0.02, 0.45), -1))
    down = round(random.uniform(2, 30), 1) if empty else (round(random.uniform(0, 1.5), 1) if random.random() < 0.3 else 0)
    vend = random.choices(vendors, [45, 35, 20])[0]
    sla = 1 if random.random() < (0.93 if vend != "BRINKLEY CIT" else 0.78) else 0
    rows.append([None, atm, st, reg, d, vend, vtype, load, resid, "Y" if empty else "N", down, sla])
rows.sort(key=lambda x: (x[4], x[1]))
for n, x in enumerate(rows, 1):
    x[0] = f"V{250000 + n}"
    x[4] = x[4].strftime("%Y%m%d")
w("ATM_CIT_REPLEN_LOG_Q1_2025.csv",
  ["VISIT_ID", "ATM_ID", "SITE_TYPE", "REGION", "VISIT_DATE", "CIT_VENDOR", "VISIT_TYPE", "CASH_LOADED_GBP",
   "CASH_RESIDUAL_GBP", "CASH_OUT_FLAG", "DOWNTIME_HRS", "SLA_MET"], rows)


# Invasive species control: one row per treatment visit; herbicide blank
# when the method uses none.
rows = []
sites = ["Mill Lane Meadows", "River Wen - north bank", "Hollins Wood", "Abbey Brook", "Canal towpath (Locks 7-9)", "Greave Clough", "Old Gasworks LNR"]
site_w = [14, 20, 12, 16, 11, 9, 8]
species = {"Japanese knotweed": ["Stem injection", "Foliar spray"], "Himalayan balsam": ["Hand pulling", "Strimming"],
           "Giant hogweed": ["Foliar spray", "Root cutting"], "Rhododendron ponticum": ["Cut and stump treat", "Hand pulling"],
           "American skunk cabbage": ["Hand pulling", "Foliar spray"]}
sp_w = [28, 34, 14, 14, 10]
herb = {"Stem injection", "Foliar spray", "Cut and stump treat"}
orgs = ["Wen Rivers Trust", "County Wildlife Trust", "Council Rangers"]
for i in range(164):
    sp = random.choices(list(species), sp_w)[0]
    if sp == "Himalayan balsam":
        d = dt.date(2024, 5, 1) + dt.timedelta(days=random.randint(0, 100))
    elif sp == "Japanese knotweed":
        d = dt.date(2024, 7, 15) + dt.timedelta(days=random.randint(0, 90))
    else:
        d = dt.date(2024, 4, 1) + dt.timedelta(days=random.randint(0, 210))
    m = random.choice(species[sp])
    area = int(random.lognormvariate(5.3 if sp == "Himalayan balsam" else 4.4, 0.6))
    vols = random.randint(1, 4) if m in herb else random.randint(3, 16)
    hrs = round(random.choice([2, 2.5, 3, 3.5, 4, 5, 6]), 1)
    hl = round(area * random.uniform(0.008, 0.03), 2) if m in herb else ""
    cover = random.randint(5, 95)
    fu = "TRUE" if (sp == "Japanese knotweed" or cover > 60 or random.random() < 0.25) else "FALSE"
    rows.append([None, random.choices(sites, site_w)[0], sp, m, d, area, vols, hrs, hl, cover if random.random() > 0.06 else "", random.choice(orgs), fu])
rows.sort(key=lambda x: x[4])
for n, x in enumerate(rows, 1):
    x[0] = f"INV-24-{n:03d}"
    x[4] = x[4].strftime("%d-%b-%Y")
w("Invasive Species Treatments 2024.csv",
  ["recordId", "siteName", "species", "method", "treatDate", "areaM2", "volunteerCount", "hoursOnSite",
   "herbicideL", "coverPctBefore", "leadOrg", "followUpNeeded"], rows)


# Lift breakdown callouts: one row per callout job.
rows = []
buildings = {"Harbour Point": ["HP-L1", "HP-L2", "HP-L3", "HP-GL"], "Kingsgate House": ["KG-L1", "KG-L2"],
             "The Foundry": ["FDY-P1", "FDY-G1"], "Elm Court": ["EC-L1"], "Riverside Plaza": ["RP-L1", "RP-L2", "RP-L3"]}
bld_w = [30, 18, 15, 12, 25]
faults = {"Door fault": 40, "Controller/electrical": 20, "Levelling": 14, "Vandalism": 8, "Power supply": 8, "Hydraulic leak": 10}
fault_hrs = {"Door fault": 3, "Controller/electrical": 9, "Levelling": 4, "Vandalism": 5, "Power supply": 2.5, "Hydraulic leak": 18}
engineers = ["D. Walsh", "P. Kowalski", "S. Ahmed", "L. Grant"]
for i in range(172):
    rep = dt.datetime(2025, 1, 1) + dt.timedelta(minutes=random.randint(0, 181 * 24 * 60))
    b = random.choices(list(buildings), bld_w)[0]
    lift = random.choice(buildings[b])
    f = random.choices(list(faults), list(faults.values()))[0]
    trapped = random.random() < (0.3 if f in ("Door fault", "Power supply", "Controller/electrical") else 0.08)
    pri = "P1" if trapped else random.choices(["P2", "P3"], [55, 45])[0]
    resp = int(random.uniform(12, 45)) if pri == "P1" else (int(random.uniform(40, 240)) if pri == "P2" else int(random.uniform(120, 1440)))
    att = rep + dt.timedelta(minutes=resp)
    down = round(resp / 60 + random.expovariate(1 / fault_hrs[f]), 1)
    parts = round(random.uniform(40, 1800), 2) if random.random() < (0.75 if f in ("Controller/electrical", "Hydraulic leak") else 0.3) else ""
    rows.append([None, b, lift, rep, att.strftime("%Y-%m-%d %H:%M"), f, "Yes" if trapped else "No", down,
                 random.choices(engineers, [34, 26, 24, 16])[0], parts, pri, "TRUE" if random.random() < 0.17 else "FALSE"])
rows.sort(key=lambda x: x[3])
for n, x in enumerate(rows, 1):
    x[0] = f"JOB-{31000 + n}"
    x[3] = x[3].strftime("%Y-%m-%d %H:%M")
w("Lift Callouts Export 2025-06.csv",
  ["Job No", "Building", "Lift ID", "Reported At", "Attended At", "Fault Type", "Passenger Trapped", "Downtime (hrs)",
   "Engineer", "Parts Cost (£)", "Priority", "Repeat Visit"], rows)
