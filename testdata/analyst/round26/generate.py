# Tables of the round26 corpus (seeded, deterministic). Five domains that no
# earlier corpus has: grain intake at a farmers' co-op store (agriculture),
# vessel calls at a port (logistics), noise complaints to a council's
# environmental health team (local government), email marketing campaigns
# (media & communications) and a commercial property rent roll (property).
# Run with python3; writes the CSVs next to this script.
import os
import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(26042025)


def out(df, name):
    df.to_csv(os.path.join(HERE, name), index=False)


# --- Grain intake: one row per lorry load weighed in at the store. ---------
growers = ["Brookfield Farm", "Hollins Estate", "Ashby Partners", "Marsh Lane Farms",
           "Kettle Bottom Ltd", "Greenway Agri", "Upper Wold Farm", "Thorpe & Sons"]
gw = np.array([0.18, 0.16, 0.14, 0.13, 0.12, 0.11, 0.09, 0.07])
crops = ["Winter Wheat", "Winter Barley", "Spring Barley", "Oilseed Rape", "Oats"]
cw = np.array([0.42, 0.18, 0.16, 0.14, 0.10])
n = 430
start = pd.Timestamp("2024-07-08")
days = np.sort(np.clip(rng.normal(40, 16, n).astype(int), 0, 84))
rows = []
for i in range(n):
    d = start + pd.Timedelta(days=int(days[i]))
    crop = rng.choice(crops, p=cw)
    grower = rng.choice(growers, p=gw)
    net = round(float(rng.uniform(9, 29)), 2)
    moist = round(float(np.clip(rng.normal(14.6, 1.4), 11.5, 20.5)), 1)
    if crop == "Oilseed Rape":
        moist = round(float(np.clip(rng.normal(8.5, 1.2), 6.0, 12.5)), 1)
        sw = np.nan
    elif crop == "Oats":
        sw = round(float(rng.normal(52, 2.5)), 1)
    elif crop == "Winter Wheat":
        sw = round(float(rng.normal(76.5, 2.2)), 1)
    else:
        sw = round(float(rng.normal(66, 2.4)), 1)
    admix = round(float(rng.gamma(2.0, 0.7)), 1)
    dried = "Y" if (crop != "Oilseed Rape" and moist > 15.0) or (crop == "Oilseed Rape" and moist > 9.0) else "N"
    if admix > 4.0 or (crop != "Oilseed Rape" and moist > 19.0):
        grade = "Rejected"
    elif crop == "Winter Wheat":
        grade = "Milling" if sw >= 76 and admix <= 2 else "Feed"
    elif crop in ("Winter Barley", "Spring Barley"):
        grade = "Malting" if crop == "Spring Barley" and admix <= 2 and rng.random() < 0.7 else "Feed"
    elif crop == "Oats":
        grade = "Milling" if sw >= 52 else "Feed"
    else:
        grade = "Crush"
    base = {"Milling": 208, "Feed": 182, "Malting": 205, "Crush": 395, "Rejected": 0}[grade]
    if crop == "Oats" and grade != "Rejected":
        base -= 30
    price = round(base + float(rng.normal(0, 4)), 2) if grade != "Rejected" else 0.0
    rows.append([f"GT24-{i + 1:05d}", d.strftime("%d/%m/%Y"), grower, crop, net, moist, sw, admix, dried, grade, price])
grain = pd.DataFrame(rows, columns=["Ticket No", "Intake Date", "Grower", "Crop", "Net Weight (t)", "Moisture %",
                                    "Specific Weight (kg/hl)", "Admix %", "Dried", "Grade", "Price (GBP/t)"])
out(grain, "Grain Intake - Harvest 2024.csv")

# --- Vessel calls: one row per call at the port. ----------------------------
types = ["Container", "Bulk Carrier", "Tanker", "RoRo", "General Cargo"]
tw = np.array([0.34, 0.22, 0.18, 0.14, 0.12])
prefixes = ["Nordic", "Atlantic", "Baltic", "Celtic", "Iberian", "Northern", "Solent", "Thames", "Humber", "Maersk",
            "Hanse", "Orion", "Polar", "Clyde", "Forth"]
suffixes = ["Star", "Trader", "Spirit", "Pioneer", "Carrier", "Express", "Voyager", "Breeze", "Dawn", "Mariner"]
fleet = {}
while len(fleet) < 85:
    name = f"{rng.choice(prefixes)} {rng.choice(suffixes)}"
    fleet.setdefault(name, rng.choice(types, p=tw))
fleet_names = list(fleet)
fw = rng.gamma(1.2, 1.0, len(fleet_names)); fw = fw / fw.sum()
berth_for = {"Container": ["B1", "B2", "B3"], "Bulk Carrier": ["B4", "B5"], "Tanker": ["B6"],
             "RoRo": ["B7"], "General Cargo": ["B4", "B5", "B3"]}
agents = ["AG-MARL", "AG-NSEA", "AG-HBRT", "AG-COAST", "AG-GLBL"]
aw = [0.30, 0.24, 0.20, 0.15, 0.11]
n = 320
arr = pd.Timestamp("2024-07-01") + pd.to_timedelta(np.sort(rng.uniform(0, 184 * 24 * 60, n)).astype(int), unit="min")
rows = []
for i in range(n):
    vname = rng.choice(fleet_names, p=fw)
    vtype = fleet[vname]
    berth = rng.choice(berth_for[vtype])
    a = arr[i].floor("5min")
    stay = {"Container": 20, "Bulk Carrier": 46, "Tanker": 30, "RoRo": 9, "General Cargo": 34}[vtype]
    stay_h = max(3.0, float(rng.normal(stay, stay * 0.3)))
    dep = (a + pd.Timedelta(hours=stay_h)).floor("5min")
    tonnes = {"Container": rng.uniform(6000, 32000), "Bulk Carrier": rng.uniform(18000, 62000),
              "Tanker": rng.uniform(12000, 48000), "RoRo": rng.uniform(1500, 7000),
              "General Cargo": rng.uniform(2500, 14000)}[vtype]
    teu = int(tonnes / rng.uniform(11, 15)) if vtype == "Container" else np.nan
    pilot = "true" if vtype in ("Bulk Carrier", "Tanker") or rng.random() < 0.55 else "false"
    wait = round(float(rng.exponential(9 if vtype in ("Bulk Carrier", "Tanker") else 4)), 1)
    rows.append([f"VC24-{i + 1:04d}", vname, vtype, berth, a.strftime("%Y-%m-%dT%H:%M:%S"),
                 dep.strftime("%Y-%m-%dT%H:%M:%S"), int(round(tonnes)), teu, pilot, wait,
                 rng.choice(agents, p=aw)])
calls = pd.DataFrame(rows, columns=["callId", "vesselName", "vesselType", "berthNo", "arrivalTs", "departureTs",
                                    "cargoTonnes", "teuMoved", "pilotRequired", "anchorWaitHrs", "agentCode"])
calls["teuMoved"] = calls["teuMoved"].astype("Int64")
out(calls, "vesselCalls_2024H2.csv")

# --- Noise complaints: one row per complaint case, financial year 2024-25. --
wards = ["Abbey", "Castle", "Riverside", "St Marks", "Northfield", "Hillside", "Market", "Westgate"]
wdw = np.array([0.10, 0.11, 0.17, 0.14, 0.12, 0.09, 0.16, 0.11])
sources = ["Amplified music", "Dog barking", "Construction", "Alarm", "Shouting/parties", "Commercial plant", "Vehicle repairs"]
sw_ = np.array([0.30, 0.18, 0.14, 0.08, 0.16, 0.08, 0.06])
officers = ["EHO01", "EHO02", "EHO03", "EHO04", "EHO05"]
ow = [0.27, 0.23, 0.20, 0.17, 0.13]
n = 540
recv = pd.Timestamp("2024-04-01") + pd.to_timedelta(np.sort(rng.integers(0, 365, n)), unit="D")
rows = []
for i in range(n):
    src = rng.choice(sources, p=sw_)
    tod = rng.choice(["Day", "Evening", "Night"],
                     p=[0.70, 0.2, 0.1] if src in ("Construction", "Vehicle repairs", "Dog barking") else [0.2, 0.35, 0.45])
    prem = "Commercial" if src in ("Commercial plant", "Construction") or (src == "Amplified music" and rng.random() < 0.3) else "Domestic"
    visit = rng.random() < (0.55 if tod == "Night" else 0.35)
    db = round(float(rng.normal(62 if src in ("Construction", "Amplified music", "Commercial plant") else 55, 7)), 1) if visit else np.nan
    notice = 1 if visit and db > 60 and rng.random() < 0.5 else 0
    open_ = recv[i] > pd.Timestamp("2025-01-15") and rng.random() < 0.45
    dtc = np.nan if open_ else int(max(1, rng.gamma(2.0, 14 if visit else 8)))
    rows.append([f"NC/{recv[i].strftime('%y')}/{i + 1:04d}", recv[i].strftime("%d-%b-%Y"), rng.choice(wards, p=wdw), src, tod,
                 prem, "Y" if visit else "N", db, notice, "Open" if open_ else "Closed", dtc, rng.choice(officers, p=ow)])
noise = pd.DataFrame(rows, columns=["CASE_REF", "DATE_RECEIVED", "WARD", "NOISE_SOURCE", "TIME_OF_DAY", "PREMISES_TYPE",
                                    "VISIT_FLG", "DB_READING", "ABATEMENT_NOTICE", "STATUS", "DAYS_TO_CLOSE", "OFFICER_CD"])
noise["DAYS_TO_CLOSE"] = noise["DAYS_TO_CLOSE"].astype("Int64")
out(noise, "NOISE_COMPLAINTS_FY2024-25.csv")

# --- Email campaigns: one row per campaign send. ----------------------------
ctypes = ["Newsletter", "Promotion", "Event invite", "Product update", "Re-engagement"]
ctw = np.array([0.32, 0.28, 0.14, 0.16, 0.10])
segments = {"UK subscribers": 42000, "EU subscribers": 23000, "Trial users": 8000, "Customers": 15000, "Lapsed": 30000}
n = 236
sent = pd.Timestamp("2024-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 366, n)), unit="D")
rows = []
for i in range(n):
    ct = rng.choice(ctypes, p=ctw)
    seg = "Lapsed" if ct == "Re-engagement" else rng.choice([s for s in segments if s != "Lapsed"])
    rec = int(segments[seg] * rng.uniform(0.6, 1.1))
    bounce = float(rng.uniform(0.005, 0.04 if seg != "Lapsed" else 0.09))
    deliv = int(rec * (1 - bounce))
    orate = {"Newsletter": 0.31, "Promotion": 0.22, "Event invite": 0.27, "Product update": 0.35, "Re-engagement": 0.11}[ct]
    opens = int(deliv * max(0.03, rng.normal(orate, 0.04)))
    ctr = {"Newsletter": 0.09, "Promotion": 0.14, "Event invite": 0.12, "Product update": 0.10, "Re-engagement": 0.07}[ct]
    clicks = int(opens * max(0.01, rng.normal(ctr, 0.03)))
    unsub = int(deliv * rng.uniform(0.0005, 0.004 if seg != "Lapsed" else 0.012))
    spam = int(rng.poisson(deliv / 8000))
    hour = rng.choice([7, 8, 9, 10, 12, 14, 17, 19])
    ts = sent[i] + pd.Timedelta(hours=int(hour), minutes=int(rng.choice([0, 15, 30, 45])))
    rows.append([f"CMP-{1000 + i + 1}", ts.strftime("%Y-%m-%d %H:%M"), ct, seg, rec, deliv, opens, clicks, unsub, spam,
                 int(rng.random() < 0.3), int(np.clip(rng.normal(46, 12), 14, 90))])
email = pd.DataFrame(rows, columns=["campaign_id", "send_dt", "campaign_type", "list_segment", "recipients_qty",
                                    "delivered_qty", "unique_opens", "unique_clicks", "unsub_qty", "spam_cmplt_qty",
                                    "ab_test_flg", "subj_len_chars"])
out(email, "email_campaigns_export_20250110.csv")

# --- Rent roll: one row per lettable unit, as at 31 March 2025. -------------
props = {"Kingsway House": "Office", "Riverside Trade Park": "Industrial", "Abbey Walk": "Retail",
         "Station Court": "Office", "Millbrook Industrial Estate": "Industrial", "The Arcade": "Retail",
         "Quayside Leisure": "Leisure"}
units_per = {"Kingsway House": 26, "Riverside Trade Park": 34, "Abbey Walk": 30, "Station Court": 22,
             "Millbrook Industrial Estate": 40, "The Arcade": 28, "Quayside Leisure": 12}
psf = {"Office": 24.0, "Industrial": 9.5, "Retail": 31.0, "Leisure": 18.0}
size = {"Office": (1200, 9000), "Industrial": (2500, 24000), "Retail": (600, 4500), "Leisure": (3000, 15000)}
tenant_words1 = ["Apex", "Bramble", "Cobalt", "Delta", "Elmwood", "Fenwick", "Granite", "Harbour", "Ironside", "Juniper",
                 "Kestrel", "Lumen", "Meridian", "Northstar", "Oakley", "Pennine", "Quill", "Redwood", "Summit", "Tidal"]
tenant_words2 = ["Logistics Ltd", "Foods plc", "Consulting LLP", "Retail Ltd", "Engineering Ltd", "Fitness Ltd",
                 "Legal LLP", "Print Ltd", "Motors Ltd", "Cafe Co"]
tenants = sorted({f"{a} {b}" for a in tenant_words1 for b in tenant_words2})
rows = []
for p, sector in props.items():
    for u in range(1, units_per[p] + 1):
        area = int(round(rng.uniform(*size[sector]), -1))
        vacant = rng.random() < {"Office": 0.18, "Industrial": 0.08, "Retail": 0.14, "Leisure": 0.10}[sector]
        code = "".join(w[0] for w in p.split() if w[0].isupper())
        ref = f"{code}-{u:02d}"
        if vacant:
            rows.append([ref, p, sector, "", "", "", area, np.nan, "", 0, "Vacant"])
            continue
        tenant = rng.choice(tenants)
        startd = pd.Timestamp("2014-01-01") + pd.Timedelta(days=int(rng.integers(0, 11 * 365)))
        term = int(rng.choice([3, 5, 5, 10, 10, 15]))
        expiry = startd + pd.DateOffset(years=term) - pd.Timedelta(days=1)
        while expiry < pd.Timestamp("2025-04-01"):
            expiry = expiry + pd.DateOffset(years=5)  # renewed on a further five-year term
        rent = int(round(area * psf[sector] * rng.uniform(0.8, 1.2), -2))
        brk = "Yes" if term >= 10 and rng.random() < 0.6 else "No"
        arrears = int(round(rent / 4 * rng.uniform(0.1, 1.5), -1)) if rng.random() < 0.12 else 0
        rows.append([ref, p, sector, tenant, startd.strftime("%Y-%m-%d"), expiry.strftime("%Y-%m-%d"), area, rent, brk,
                     arrears, "Let"])
rent = pd.DataFrame(rows, columns=["Unit Ref", "Property", "Sector", "Tenant", "Lease Start", "Lease Expiry",
                                   "NIA_sqft", "Passing Rent (GBP pa)", "Break Opt", "Arrears_GBP", "Occupancy"])
rent["Passing Rent (GBP pa)"] = rent["Passing Rent (GBP pa)"].astype("Int64")
out(rent, "RentRoll_31-Mar-2025.csv")
