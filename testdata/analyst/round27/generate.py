# Tables of the round-27 corpus (seeded, standard library only), written
# blind. Domains: sheep lambing (agriculture), NO2 diffusion tubes
# (environment), wind-turbine downtime (energy), water-main bursts
# (utilities), bridge inspections (transport infrastructure).
# Run with /usr/bin/python3 generate.py; it writes the CSVs next to itself.
import csv
import datetime as dt
import os
import random

random.seed(27052025)
HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, header, rows):
    with open(os.path.join(HERE, name), "w", newline="", encoding="utf-8") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# --- Lambing register: one row per ewe that lambed (spring 2025). ---------
breeds = {"Texel x": (1.75, 5.2), "Lleyn": (1.85, 4.6), "Mule": (1.95, 4.9), "Suffolk x": (1.6, 5.5), "Herdwick": (1.25, 3.9)}
fields = ["Top Paddock", "Long Meadow", "Brook Field", "Lambing Shed"]
shepherds = ["Gareth", "Siân", "Tom", "Ellie"]
notes_pool = ["fostered one lamb", "mastitis", "prolapse", "bottle fed", "vet called", "ringwomb", "poor mothering"]
rows = []
tags = random.sample(range(10000, 99999), 230)
for i, tag in enumerate(tags):
    breed = random.choice(list(breeds))
    mean_litter, wt = breeds[breed]
    age = random.choice([2, 2, 3, 3, 3, 4, 4, 5, 6, 7])
    r = random.random()
    born = 1 if r < 2.0 - mean_litter * 0.9 else (3 if r > 0.93 else 2)
    born = max(1, born)
    d = dt.date(2025, 3, 4) + dt.timedelta(days=int(random.triangular(0, 50, 20)))
    assisted = random.random() < (0.12 + 0.12 * (born >= 3) + 0.08 * (age == 2))
    alive = born - sum(1 for _ in range(born) if random.random() < (0.05 + 0.08 * assisted + 0.05 * (born >= 3)))
    bw = round(wt - 0.8 * (born - 1) + random.uniform(-0.6, 0.6), 1)
    bw = "" if random.random() < 0.08 else bw
    note = random.choice(notes_pool) if random.random() < 0.15 else ""
    rows.append([f"UK0 712345 {tag}", breed, age, random.choice(fields), d, born, alive, "Y" if assisted else "N", bw, random.choice(shepherds), note])
rows.sort(key=lambda r: r[4])
for r in rows:
    r[4] = r[4].strftime("%d/%m/%Y")
w("Lambing Register 2025.csv", ["Ewe Tag", "Breed", "Ewe Age (yrs)", "Field", "Lambing Date", "Lambs Born", "Lambs Alive 72h", "Assisted", "Avg Birth Wt (kg)", "Shepherd", "Notes"], rows)

# --- NO2 diffusion tubes: one row per site per monthly exposure (2024). -----
wards = ["Castlegate", "Riverside", "St Anne's", "Millbrook", "Hollins"]
types = {"Kerbside": 44, "Roadside": 36, "Urban Background": 21, "Suburban": 16}
sites = []
names = ["Station Rd", "High St (N)", "High St (S)", "Bridge St", "Market Pl", "Queens Rd", "Ring Rd Jct 3", "Hospital Entrance",
         "Park Lane", "Church St", "Bus Station", "Mill Lane", "Library", "Albert Sq", "Canal Wharf", "Victoria Ave",
         "School Lane", "Tesco Roundabout", "Hollins Green", "Leisure Centre", "Dale Rd", "Northgate", "Cemetery Gates", "Kings Way"]
for n, name in enumerate(names, 1):
    t = random.choice(list(types))
    sites.append((f"DT{n:02d}", name, t, random.choice(wards), types[t] + random.uniform(-6, 8), "Yes" if t in ("Kerbside", "Roadside") and random.random() < 0.6 else "No"))
season = [1.22, 1.15, 1.05, 0.95, 0.86, 0.80, 0.78, 0.82, 0.93, 1.05, 1.17, 1.25]
rows = []
# Changeover dates of the tube calendar (first week of each month).
changes = [dt.date(2024, 1, 3), dt.date(2024, 2, 7), dt.date(2024, 3, 6), dt.date(2024, 4, 3), dt.date(2024, 5, 1), dt.date(2024, 6, 5),
           dt.date(2024, 7, 3), dt.date(2024, 8, 7), dt.date(2024, 9, 4), dt.date(2024, 10, 2), dt.date(2024, 11, 6), dt.date(2024, 12, 4),
           dt.date(2025, 1, 8)]
for m in range(12):
    s, e = changes[m], changes[m + 1]
    for sid, name, t, ward, base, aqma in sites:
        comment = ""
        val = round(base * season[m] * random.uniform(0.85, 1.15), 1)
        x = random.random()
        if x < 0.03:
            val, comment = "", "Tube missing"
        elif x < 0.05:
            val, comment = "", "Damaged - spider in tube"
        elif x < 0.07:
            comment = "Low exposure period"
        rows.append([sid, name, t, ward, s.isoformat(), e.isoformat(), val, aqma, comment])
w("NO2_DiffusionTubes_2024.csv", ["SiteID", "SiteName", "SiteType", "Ward", "ExposureStart", "ExposureEnd", "NO2_ugm3", "InAQMA", "Comment"], rows)

# --- Wind-turbine downtime log, H2 2024: one row per stoppage. -------------
comps = {"Pitch System": (6, 0.5), "Gearbox": (70, 0.1), "Yaw System": (9, 0.4), "Converter": (14, 0.35), "Generator": (40, 0.15),
         "Grid": (5, 0.2), "Icing": (18, 0.0), "Hydraulics": (11, 0.3), "Anemometer": (3, 0.7)}
codes = {"Pitch System": [301, 302, 315], "Gearbox": [501, 507, 512], "Yaw System": [401, 404], "Converter": [612, 618, 640],
         "Generator": [701, 715], "Grid": [101, 102, 110], "Icing": [209], "Hydraulics": [801, 806], "Anemometer": [905]}
sitesw = {"Carrick Moor": [f"CM-T{n:02d}" for n in range(1, 13)], "Beinn Dubh": [f"BD-T{n:02d}" for n in range(1, 9)]}
rows = []
for i in range(185):
    comp = random.choices(list(comps), weights=[22, 6, 12, 14, 5, 10, 5, 9, 8])[0]
    if comp == "Icing":
        st = dt.datetime(2024, 11, 10) + dt.timedelta(minutes=random.randint(0, 50 * 24 * 60))
    else:
        st = dt.datetime(2024, 7, 1) + dt.timedelta(minutes=random.randint(0, 183 * 24 * 60))
    site = random.choices(list(sitesw), weights=[12, 8])[0]
    wtg = random.choice(sitesw[site])
    mean_h, p_reset = comps[comp]
    dur = round(random.expovariate(1 / mean_h) + 0.2, 2)
    reset = random.random() < p_reset
    if reset:
        dur = round(random.uniform(0.1, 1.5), 2)
    ws = round(random.uniform(3.5, 16), 1)
    mw = 3.6 * min(1.0, max(0.0, (ws - 3) / 9) ** 1.5)
    lost = round(dur * mw * random.uniform(0.85, 1.0), 2)
    open_ = st > dt.datetime(2024, 12, 20) and random.random() < 0.5 and not reset
    end = "" if open_ else (st + dt.timedelta(hours=dur)).strftime("%Y-%m-%d %H:%M")
    resp = "Grid Operator" if comp == "Grid" else random.choice(["OEM", "OEM", "OEM", "Owner"])
    wo = "" if reset else f"WO{random.randint(40000, 49999)}"
    rows.append([st, wtg, site, random.choice(codes[comp]), comp, st.strftime("%Y-%m-%d %H:%M"), end, "" if open_ else dur,
                 "" if open_ else lost, ws, resp, "TRUE" if reset else "FALSE", wo])
rows.sort(key=lambda r: r[0])
out = []
for n, r in enumerate(rows, 1):
    out.append([f"EV-24-{n:04d}"] + r[1:])
w("WTG_Downtime_Log_2024H2.csv", ["EventID", "WTG", "Site", "AlarmCode", "Component", "Start", "End", "Duration_h", "LostProduction_MWh",
                                  "WindSpeed_ms", "Responsibility", "RemoteReset", "WorkOrder"], out)

# --- Water-main bursts, Apr-Sep 2025: one row per repair job. --------------
mats = {"Cast Iron": (1890, 1965, 34), "Ductile Iron": (1970, 1995, 12), "Asbestos Cement": (1950, 1980, 16), "PVC": (1975, 1995, 14), "MDPE": (1990, 2020, 8)}
zones = {"North": ["DMA-N01", "DMA-N02", "DMA-N04", "DMA-N07"], "South": ["DMA-S02", "DMA-S03", "DMA-S05"],
         "East": ["DMA-E01", "DMA-E03", "DMA-E06", "DMA-E08"], "Central": ["DMA-C01", "DMA-C02"]}
streets = ["Albion St", "Beech Grove", "Coronation Rd", "Derwent Ave", "Elm Close", "Fairfax Rd", "Granby St", "Holme Lane", "Ivy Bank",
           "Jubilee Way", "Kirkgate", "Laburnum Cres", "Moor Rd", "Nelson St", "Orchard Way", "Priory Rd", "Rowan Dr", "Sandy Lane"]
contractors = ["Kier", "Morrison", "Clancy", "in-house"]
rows = []
for i in range(240):
    mat = random.choices(list(mats), weights=[34, 12, 16, 14, 8])[0]
    lo, hi, _ = mats[mat]
    zone = random.choices(list(zones), weights=[4, 3, 4, 2])[0]
    dia = random.choices([63, 90, 100, 150, 225, 300], weights=[6, 10, 30, 30, 15, 6])[0] if mat in ("PVC", "MDPE") else random.choices([75, 100, 150, 225, 300, 450], weights=[8, 30, 30, 18, 10, 4])[0]
    rep = dt.datetime(2025, 4, 1, 0, 0) + dt.timedelta(minutes=random.randint(0, 183 * 24 * 60 - 1))
    pri = random.choices(["P1", "P2", "P3"], weights=[3, 5, 2])[0]
    cont = random.choice(contractors)
    base = {"P1": 5, "P2": 14, "P3": 40}[pri] * (1.25 if cont == "Clancy" else 1.0) * (0.85 if cont == "in-house" else 1.0)
    hrs = round(random.uniform(0.5, 1.5) * base * (1 + dia / 600), 1)
    fin = rep + dt.timedelta(hours=hrs)
    interrupted = random.random() < (0.7 if pri == "P1" else 0.35)
    props = int(random.uniform(5, 60) * dia / 100) if interrupted else 0
    loss = round(hrs * dia / 100 * random.uniform(2, 9), 1)
    yr = random.randint(lo, hi) if random.random() > 0.12 else ""
    rows.append([rep, random.choice(zones[zone]), zone, random.choice(streets), mat, dia, yr, rep.strftime("%d/%m/%Y %H:%M"),
                 fin.strftime("%d/%m/%Y %H:%M"), hrs, pri, "Y" if interrupted else "N", props, loss, cont])
rows.sort(key=lambda r: r[0])
out = [[f"WO25{n + 1000:05d}"] + r[1:] for n, r in enumerate(rows, 1)]
w("mains_bursts_apr-sep_2025.csv", ["job_ref", "dma_code", "zone", "street", "pipe_material", "diameter_mm", "install_year", "reported_at",
                                   "repaired_at", "hrs_to_repair", "priority", "supply_interrupted", "props_affected", "est_loss_m3", "contractor"], out)

# --- Bridge inspections, 2024: one row per inspection. ---------------------
stypes = {"Masonry Arch": (1820, 1910, 6, 18), "Concrete Beam": (1955, 1995, 8, 30), "Steel Girder": (1890, 1970, 10, 40),
          "Box Culvert": (1950, 2010, 2, 6), "Footbridge": (1965, 2015, 12, 35)}
roads = ["A614", "A60", "B6386", "B1220", "C45", "U-class"]
inspectors = ["J. Okoro", "M. Patel", "R. Lindsay", "K. Byrne"]
prefix = ["Mill", "Trent", "Ferry", "Kirk", "Oak", "Dyke", "Hollow", "Rectory", "Station", "Brook", "Carr", "Ings", "Moor", "Park"]
suffix = ["Bridge", "Br.", "Culvert", "Footbridge", "Viaduct"]
structs = []
for n in range(1, 141):
    t = random.choice(list(stypes))
    y0, y1, s0, s1 = stypes[t]
    nm = f"{random.choice(prefix)} {random.choice(['Lane', 'Beck', 'Road', 'Dike', 'Farm', 'Drain'])} " + ("Culvert" if t == "Box Culvert" else ("Footbridge" if t == "Footbridge" else "Bridge"))
    structs.append((f"BR{n + 300:04d}", nm, t, random.choice(roads), round(random.uniform(s0, s1), 1), random.randint(y0, y1) if random.random() > 0.1 else ""))
rows = []
for s in structs:
    kinds = ["GI"] if random.random() > 0.25 else ["GI", "PI"]
    if random.random() < 0.15:
        kinds = ["PI"]
    age_pen = (2024 - (s[5] or 1950)) / 12
    for k in kinds:
        d = dt.date(2024, 1, 8) + dt.timedelta(days=random.randint(0, 340))
        bav = round(min(100, max(35, random.gauss(88 - age_pen, 7))), 1)
        bcr = round(min(bav, max(15, bav - random.uniform(0, 30))), 1)
        defects = max(0, int(random.gauss((100 - bav) / 3, 3)))
        wl = random.choice([7.5, 18, 18, 26]) if bcr < 55 and s[2] != "Footbridge" and random.random() < 0.7 else ""
        rows.append([s[0], s[1], s[3], s[2], s[4], s[5], k, d, bav, bcr, defects, wl, "Yes" if bcr < 50 or (bav < 70 and random.random() < 0.4) else "No",
                     random.choice(inspectors)])
rows.sort(key=lambda r: r[7])
for r in rows:
    r[7] = r[7].strftime("%d-%b-%Y")
w("Bridge Inspections Export 2024.csv", ["Structure ID", "Structure Name", "Road", "Structure Type", "Span (m)", "Year Built", "Insp Type", "Insp Date",
                                        "BCIav", "BCIcrit", "Defects Recorded", "Weight Limit (t)", "Priority Works", "Inspector"], rows)
