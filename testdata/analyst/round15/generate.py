# Tables of the fifteenth corpus (seeded), written blind: before any run of
# the analyst on them and without reading its code. Domains that no earlier
# corpus has: a freelance studio's invoices, an observatory's observing
# log, police road-collision records, an injection-moulding shop's
# production runs, and a removals firm's jobs. Each table uses a different
# column-naming style, as real exports do.
import numpy as np
import pandas as pd

rng = np.random.default_rng(20250615)


def dates(start, n, days, weights=None):
    """n sorted dates from start, spread over days (optionally weighted)."""
    p = None
    if weights is not None:
        p = np.asarray(weights, float)
        p = p / p.sum()
    off = np.sort(rng.choice(days, size=n, p=p))
    return pd.Timestamp(start) + pd.to_timedelta(off, unit="D")


def pick(options, n, p):
    p = np.asarray(p, float)
    return rng.choice(options, size=n, p=p / p.sum())


# 1. Invoices of a small design & development studio (camelCase, as an
#    accounting app exports). Unpaid invoices have no payment method and no
#    days-to-pay.
n = 180
clients = ["Harbourline Ltd", "Okoro Foods", "Brightwater Dental", "Kestrel Logistics", "Mendes & Finch",
           "Northgate Council", "Pollen Studio", "Quayside Gym", "Rowan Architects", "Tidewell Charity"]
client_w = [18, 14, 12, 11, 9, 8, 8, 7, 7, 6]
services = {"Web Development": (95, 28), "Brand Design": (80, 16), "Consulting": (120, 6),
            "Copywriting": (60, 9), "Maintenance": (70, 4)}
d = dates("2024-01-03", n, 360)
svc = pick(list(services), n, [30, 22, 15, 13, 20])
rate = np.array([services[s][0] for s in svc]) + rng.choice([-10, 0, 0, 5, 10], size=n)
hours = np.array([max(1.0, round(rng.gamma(2.0, services[s][1] / 2.0) * 2) / 2) for s in svc])
amount = np.round(hours * rate, 2)
client = pick(clients, n, client_w)
# older invoices are paid more often; big invoices take longer
age = (pd.Timestamp("2025-01-05") - d).days.to_numpy()
paid = rng.random(n) < np.clip(0.45 + age / 300, 0, 0.97)
days_to_pay = np.where(paid, np.clip(np.round(rng.gamma(2.2, 9 + amount / 400)), 1, None), np.nan)
days_to_pay = np.minimum(days_to_pay, np.maximum(age - 1, 1))
method = np.where(paid, pick(["Bank transfer", "Card", "PayPal", "Cheque"], n, [55, 25, 15, 5]), "")
invoices = pd.DataFrame({
    "invoiceNo": [f"INV-{2400 + i:04d}" for i in range(1, n + 1)],
    "invoiceDate": d.strftime("%Y-%m-%d"),
    "clientName": client,
    "serviceLine": svc,
    "hoursBilled": hours,
    "hourlyRate": rate,
    "amountDue": amount,
    "isPaid": np.where(paid, "Yes", "No"),
    "paymentMethod": method,
    "daysToPay": pd.array(days_to_pay, dtype="Int64"),
})
invoices.to_csv("studio_invoices_2024.csv", index=False)

# 2. Observing log of a university observatory (snake_case with
#    abbreviations). Seeing worsens with airmass; exposures are longer for
#    faint targets; frames are less often usable when the moon is bright.
n = 150
d = dates("2025-01-06", n, 240, weights=np.r_[np.full(60, 1.3), np.full(120, 1.0), np.full(60, 0.7)])
target = pick(["galaxy", "nebula", "variable star", "exoplanet transit", "open cluster", "comet"], n, [30, 22, 18, 14, 11, 5])
scope = pick(["RC-0.6m", "Newt-0.4m", "Refr-0.15m"], n, [50, 35, 15])
observer = pick(["M. Alvarez", "J. Osei", "K. Lindgren", "P. Nakamura", "S. Rahman"], n, [32, 24, 20, 14, 10])
band = pick(["V", "R", "B", "Ha", "I"], n, [30, 25, 18, 17, 10])
base_exp = {"galaxy": 300, "nebula": 240, "variable star": 30, "exoplanet transit": 60, "open cluster": 90, "comet": 120}
exp_sec = np.array([base_exp[t] * rng.choice([0.5, 1, 1, 2]) for t in target]).round().astype(int)
n_frames = np.array([rng.integers(80, 240) if t == "exoplanet transit" else rng.integers(5, 60) for t in target])
airmass = np.round(1 + rng.gamma(1.4, 0.28, n), 2)
seeing = np.round(rng.normal(1.6, 0.35, n) * airmass ** 0.6, 2).clip(0.8)
moon = np.round(rng.uniform(0, 100, n)).astype(int)
usable = rng.random(n) < np.clip(0.95 - 0.25 * (seeing > 2.4) - 0.004 * moon * np.isin(target, ["galaxy", "nebula"]), 0.1, 1)
obs = pd.DataFrame({
    "obs_date": d.strftime("%Y-%m-%d"),
    "observer": observer,
    "telescope": scope,
    "target_type": target,
    "filter_band": band,
    "exp_sec": exp_sec,
    "n_frames": n_frames,
    "seeing_arcsec": seeing,
    "airmass": airmass,
    "moon_pct": moon,
    "usable": np.where(usable, "y", "n"),
})
obs.to_csv("obs_log_2025.csv", index=False)

# 3. Road collisions recorded by a county police force (SHOUTING_CAPS with
#    abbreviations). Severity rises with the speed limit and with
#    pedestrians; casualties and vehicles are counts.
n = 200
d = dates("2023-01-01", n, 365)
road = pick(["A ROAD", "B ROAD", "UNCLASSIFIED", "MOTORWAY", "C ROAD"], n, [36, 18, 26, 8, 12])
speed_opts = {"A ROAD": [30, 40, 50, 60], "B ROAD": [30, 40, 60], "UNCLASSIFIED": [20, 30], "MOTORWAY": [70], "C ROAD": [30, 60]}
spd = np.array([rng.choice(speed_opts[r]) for r in road])
district = pick(["ASHFORD", "BRANTHAM", "CORLEY", "DENHOLM", "EASTMERE", "FELLGATE"], n, [28, 22, 17, 13, 12, 8])
month = d.month.to_numpy()
weather = np.where(np.isin(month, [11, 12, 1, 2]) & (rng.random(n) < 0.5),
                   pick(["RAIN", "FOG", "SNOW/ICE"], n, [60, 20, 20]),
                   pick(["FINE", "RAIN", "HIGH WIND", "FOG"], n, [70, 22, 5, 3]))
ped = (rng.random(n) < np.where(spd <= 30, 0.22, 0.05))
dark = rng.random(n) < np.where(np.isin(month, [11, 12, 1, 2]), 0.55, 0.25)
risk = 0.02 * (spd / 10) + 0.12 * ped + 0.05 * dark
u = rng.random(n)
sev = np.where(u < risk * 0.12, "FATAL", np.where(u < risk, "SERIOUS", "SLIGHT"))
veh = np.where(ped, 1, 1 + rng.poisson(0.9, n)).clip(1, 6)
cas = np.maximum(1, rng.poisson(0.3 + 0.35 * veh)).clip(1, 9)
coll = pd.DataFrame({
    "ACC_REF": [f"23{dist[:2]}{num:05d}" for dist, num in zip(district, rng.choice(np.arange(10000, 99999), n, replace=False))],
    "ACC_DATE": d.strftime("%Y-%m-%d"),
    "DISTRICT": district,
    "ROAD_TYPE": road,
    "SPD_LMT_MPH": spd,
    "WEATHER_COND": weather,
    "SEVERITY": sev,
    "VEH_CNT": veh,
    "CAS_CNT": cas,
    "PED_INV": np.where(ped, "Y", "N"),
    "DARK_FLAG": np.where(dark, "Y", "N"),
})
coll.to_csv("rtc_extract_2023.csv", index=False)

# 4. Production runs of an injection-moulding shop (names with units in
#    brackets). Scrap rises with melt temperature far from the resin's
#    ideal and on the night shift; QC passes when scrap is low.
n = 130
d = dates("2024-10-01", n, 92)
resin = pick(["PP", "ABS", "PA66", "PC", "HDPE"], n, [34, 24, 16, 14, 12])
ideal = {"PP": 220, "ABS": 240, "PA66": 285, "PC": 300, "HDPE": 210}
cyc_base = {"PP": 24, "ABS": 31, "PA66": 38, "PC": 42, "HDPE": 27}
machine = pick(["Engel 150", "Arburg 370", "Krauss 220", "Haitian 90"], n, [32, 28, 24, 16])
shift = pick(["Day", "Evening", "Night"], n, [45, 33, 22])
temp = np.array([ideal[r] + rng.normal(0, 9) for r in resin]).round().astype(int)
dev = np.abs(temp - np.array([ideal[r] for r in resin]))
cycle = np.round(np.array([cyc_base[r] for r in resin]) * rng.uniform(0.9, 1.2, n), 1)
scrap = np.round(np.clip(rng.gamma(1.6, 1.1, n) + 0.12 * dev + 1.2 * (shift == "Night"), 0.2, None), 1)
downtime = np.where(rng.random(n) < 0.35, np.round(rng.gamma(1.5, 25, n)), 0).astype(int)
shots = (8 * 3600 - downtime * 60) / cycle * rng.uniform(0.78, 0.95, n)
shots = shots.round().astype(int)
qc = (scrap < 4.5) & (rng.random(n) < 0.95)
runs = pd.DataFrame({
    "Run Date": d.strftime("%Y-%m-%d"),
    "Machine": machine,
    "Resin": resin,
    "Shift": shift,
    "Cycle Time (s)": cycle,
    "Shots": shots,
    "Melt Temp (°C)": temp,
    "Scrap (%)": scrap,
    "Downtime (min)": downtime,
    "QC Passed": np.where(qc, "Yes", "No"),
})
runs.to_csv("moulding_runs_Q4_2024.csv", index=False)

# 5. Jobs of a removals firm (Title Case With Spaces). Bigger properties
#    need bigger crews and more hours; the final price is the quote plus
#    overruns; packing adds to the price.
n = 165
d = dates("2024-03-01", n, 275, weights=np.r_[np.full(90, 0.9), np.full(92, 1.4), np.full(93, 0.9)])
prop = pick(["Flat", "Terraced House", "Semi-Detached", "Detached", "Office"], n, [38, 24, 18, 10, 10])
size = {"Flat": (2, 4.5), "Terraced House": (3, 6.5), "Semi-Detached": (3, 8), "Detached": (4, 10.5), "Office": (4, 9)}
branch = pick(["Leeds", "York", "Harrogate", "Wakefield"], n, [40, 27, 18, 15])
cust = np.where(prop == "Office", "Business", pick(["Private", "Private", "Student", "Relocation Agency"], n, [55, 10, 15, 20]))
crew = np.array([size[p][0] + rng.choice([0, 0, 1]) for p in prop])
hours = np.round(np.array([size[p][1] for p in prop]) * rng.uniform(0.7, 1.4, n) * 2) / 2
miles = np.round(rng.gamma(1.3, 22, n)).astype(int) + 2
packing = rng.random(n) < np.where(cust == "Relocation Agency", 0.7, 0.3)
quote = np.round((crew * 38 * np.array([size[p][1] for p in prop]) + miles * 1.6 + packing * 180) / 5) * 5
final = np.round(quote + np.maximum(0, hours - np.array([size[p][1] for p in prop])) * crew * 38, 2)
damage = rng.random(n) < 0.04 + 0.02 * (prop == "Detached") + 0.03 * (hours > 10)
jobs = pd.DataFrame({
    "Job Date": d.strftime("%Y-%m-%d"),
    "Branch": branch,
    "Property Type": prop,
    "Customer Type": cust,
    "Crew Size": crew,
    "Hours On Site": hours,
    "Miles Travelled": miles,
    "Quoted Price": quote.astype(int),
    "Final Price": final,
    "Packing Service": np.where(packing, "Yes", "No"),
    "Damage Claim": np.where(damage, "Yes", "No"),
})
jobs.to_csv("Removals Jobs Mar-Nov 2024.csv", index=False)
