"""The results issue's figures on every labelled set of abstracts, as floors.

tests/fixtures/heldout/ was labelled first and tuned on; heldout2/ was labelled blind before
the metric, dataset and kind rules were reworked and then tuned on; each later set was drawn
and labelled blind while the rules were being improved, measured first with the rules as
they stood at its draw, then tuned on too (see the NOTES.md of each):

    heldout3  P 0.97  R 0.81  metric 0.52  dataset 0.50  kind 0.90
    heldout4  P 0.94  R 0.83  metric 0.68  dataset 0.51  kind 0.92  unsupported 0.33
    heldout5  P 0.90  R 0.92  metric 0.68  dataset 0.36  kind 0.93  unsupported 0.42
    heldout6  P 0.87  R 0.86  metric 0.70  dataset 0.58  kind 0.89  unsupported 0.38
    heldout7  P 0.95  R 0.90  metric 0.61  dataset 0.63  kind 0.83  unsupported 0.34
    heldout8  P 0.95  R 0.88  metric 0.57  dataset 0.75  kind 0.91  unsupported 0.29
    heldout9  P 0.95  R 0.86  metric 0.56  dataset 0.50  kind 0.95  unsupported 0.37
    heldout10 P 0.89  R 0.87  metric 0.63  dataset 0.65  kind 0.85  unsupported 0.28
    heldout11 P 0.90  R 0.97  metric 0.68  dataset 0.70  kind 0.93  unsupported 0.08
    heldout12 P 0.91  R 0.84  metric 0.62  dataset 0.50  kind 0.94  unsupported 0.11
    heldout13 P 0.95  R 0.95  metric 0.70  dataset 0.64  kind 0.93  unsupported 0.19
    heldout14 P 0.91  R 0.86  metric 0.67  dataset 0.55  kind 0.93  unsupported 0.16
    heldout15 P 0.92  R 0.92  metric 0.73  dataset 0.62  kind 0.79  unsupported 0.15
    heldout16 P 0.96  R 0.84  metric 0.53  dataset 0.43  kind 0.77  unsupported 0.21
    heldout17 P 0.87  R 0.92  metric 0.73  dataset 0.48  kind 0.83  unsupported 0.25
    heldout18 P 0.95  R 0.87  metric 0.75  dataset 0.63  kind 0.80  unsupported 0.30
    heldout19 P 0.93  R 0.87  metric 0.67  dataset 0.38  kind 0.91  unsupported 0.18
    heldout20 P 0.97  R 0.90  metric 0.79  dataset 0.46  kind 0.80  unsupported 0.23
    heldout21 P 0.97  R 0.92  metric 0.72  dataset 0.48  kind 0.88  unsupported 0.35
    heldout22 P 1.00  R 0.82  metric 0.79  dataset 0.72  kind 0.86  unsupported 0.24
    heldout23 P 0.97  R 0.75  metric 0.70  dataset 0.50  kind 1.00  unsupported 0.36
    heldout24 P 0.82  R 0.82  metric 0.58  dataset 0.50  kind 0.86  unsupported 0.17
    heldout25 P 0.90  R 0.90  metric 0.78  dataset 0.20  kind 0.81  unsupported 0.18
    heldout26 P 0.94  R 0.98  metric 0.71  dataset 0.55  kind 0.88  unsupported 0.32
    heldout27 P 0.85  R 0.77  metric 0.70  dataset 0.58  kind 0.96  unsupported 0.06
    heldout28 P 0.92  R 0.92  metric 0.64  dataset 0.38  kind 0.78  unsupported 0.12
    heldout29 P 0.95  R 0.88  metric 0.67  dataset 0.56  kind 0.92  unsupported 0.30
    heldout30 P 0.98  R 0.98  metric 0.92  dataset 0.71  kind 0.88  unsupported 0.14
    heldout31 P 0.91  R 0.86  metric 0.90  dataset 0.44  kind 0.91  unsupported 0.18
    heldout32 P 0.97  R 0.72  metric 0.68  dataset 0.47  kind 0.91  unsupported 0.25
    heldout33 P 0.96  R 1.00  metric 0.80  dataset 0.20  kind 0.85  unsupported 0.20
    heldout34 P 0.96  R 0.68  metric 0.76  dataset 0.62  kind 0.85  unsupported 0.00
    heldout35 P 0.93  R 0.90  metric 0.56  dataset 0.52  kind 0.95  unsupported 0.17
    heldout36 P 0.90  R 0.98  metric 0.72  dataset 0.43  kind 0.93  unsupported 0.19
    heldout37 P 0.90  R 0.93  metric 0.68  dataset 0.60  kind 0.89  unsupported 0.19
    heldout38 P 0.95  R 0.95  metric 0.80  dataset 0.47  kind 0.94  unsupported 0.00
    heldout39 P 0.85  R 0.85  metric 0.83  dataset 0.64  kind 1.00  unsupported 0.16
    heldout40 P 0.95  R 0.90  metric 0.59  dataset 0.24  kind 0.81  unsupported 0.10
    heldout41 P 0.94  R 0.94  metric 0.73  dataset 0.17  kind 0.97  unsupported 0.12
    heldout42 P 1.00  R 0.95  metric 0.77  dataset 0.25  kind 0.97  unsupported 0.20
    heldout43 P 0.81  R 0.46  metric 0.55  dataset 0.00  kind 1.00  unsupported 0.50
    heldout44 P 1.00  R 0.81  metric 0.71  dataset 0.00  kind 1.00  unsupported 0.00
    heldout45 P 0.95  R 1.00  metric 0.78  dataset 0.37  kind 0.76  unsupported 0.15
    heldout46 P 1.00  R 0.74  metric 0.77  dataset 0.86  kind 1.00  unsupported 0.00
    heldout47 P 1.00  R 0.90  metric 0.83  dataset 0.30  kind 0.89  unsupported 0.20
    heldout48 P 0.93  R 0.95  metric 0.83  dataset 0.44  kind 0.97  unsupported 0.08
    heldout49 P 0.94  R 0.94  metric 0.59  dataset 0.10  kind 0.94  unsupported 0.21
    heldout50 P 0.96  R 0.90  metric 0.71  dataset 0.38  kind 0.88  unsupported 0.29
    heldout51 P 0.90  R 1.00  metric 0.86  dataset 0.38  kind 0.93  unsupported 0.17
    heldout52 P 0.97  R 0.95  metric 0.90  dataset 0.54  kind 0.89  unsupported 0.07
    heldout53 P 0.97  R 0.97  metric 0.62  dataset 0.39  kind 0.89  unsupported 0.14
    heldout54 P 1.00  R 0.83  metric 0.67  dataset 0.25  kind 0.93  unsupported 0.00
    heldout55 P 0.96  R 0.83  metric 0.53  dataset 0.09  kind 0.96  unsupported 0.17
    heldout56 P 0.98  R 0.95  metric 0.80  dataset 0.48  kind 0.90  unsupported 0.11
    heldout57 P 0.93  R 0.82  metric 0.52  dataset 0.43  kind 0.93  unsupported 0.06
    heldout58 P 1.00  R 0.96  metric 0.55  dataset 0.00  kind 0.93  unsupported 0.00
    heldout59 P 0.92  R 0.85  metric 0.77  dataset 0.23  kind 0.89  unsupported 0.08
    heldout60 P 0.91  R 0.97  metric 0.57  dataset 0.00  kind 0.91  unsupported 0.29
    heldout61 P 0.96  R 0.93  metric 0.81  dataset 0.33  kind 0.93  unsupported 0.04
    heldout62 P 0.96  R 0.71  metric 0.45  dataset 0.23  kind 0.91  unsupported 0.00
    heldout63 P 1.00  R 0.82  metric 0.68  dataset 0.14  kind 0.89  unsupported 0.00
    heldout64 P 0.94  R 0.97  metric 0.77  dataset 0.40  kind 1.00  unsupported 0.12
    heldout65 P 0.90  R 0.92  metric 0.46  dataset 0.28  kind 0.86  unsupported 0.12
    heldout66 P 1.00  R 0.97  metric 0.40  dataset 0.50  kind 0.83  unsupported 0.25
    heldout67 P 0.97  R 0.82  metric 0.81  dataset 0.52  kind 1.00  unsupported 0.08
    heldout68 P 0.94  R 1.00  metric 0.59  dataset 0.67  kind 1.00  unsupported 0.12
    heldout69 P 0.76  R 0.94  metric 0.50  dataset 0.00  kind 0.86  unsupported 0.19
    heldout70 P 0.90  R 0.95  metric 0.74  dataset 0.28  kind 1.00  unsupported 0.24
    heldout71 P 1.00  R 0.92  metric 0.60  dataset 0.20  kind 0.88  unsupported 0.05
    heldout72 P 0.95  R 0.95  metric 0.54  dataset 0.50  kind 0.92  unsupported 0.05
    heldout73 P 1.00  R 0.90  metric 0.67  dataset 0.40  kind 0.88  unsupported 0.20
    heldout74 P 0.94  R 0.75  metric 0.59  dataset 0.00  kind 0.87  unsupported 0.16
    heldout75 P 0.87  R 0.98  metric 0.62  dataset 0.29  kind 0.90  unsupported 0.05
    heldout76 P 0.85  R 0.97  metric 0.60  dataset 0.33  kind 0.89  unsupported 0.05
    heldout77 P 0.80  R 0.56  metric 0.50  dataset 0.00  kind 0.90  unsupported 0.00
    heldout78 P 0.97  R 1.00  metric 0.55  dataset 0.22  kind 0.81  unsupported 0.26
    heldout79 P 1.00  R 0.86  metric 0.54  dataset 0.38  kind 0.87  unsupported 0.06
    heldout80 P 0.91  R 0.93  metric 0.64  dataset 0.11  kind 1.00  unsupported 0.25
    heldout81 P 0.88  R 0.97  metric 0.52  dataset 0.16  kind 0.91  unsupported 0.16
    heldout82 P 0.91  R 0.95  metric 0.49  dataset 0.25  kind 0.98  unsupported 0.09
    heldout83 P 0.97  R 0.97  metric 0.66  dataset 0.10  kind 1.00  unsupported 0.00
    heldout84 P 1.00  R 0.81  metric 0.69  dataset 0.07  kind 0.91  unsupported 0.09
    heldout85 P 0.97  R 1.00  metric 0.43  dataset 0.11  kind 0.90  unsupported 0.07
    heldout86 P 0.94  R 0.97  metric 0.38  dataset 0.00  kind 0.97  unsupported 0.25
    heldout87 P 0.90  R 0.87  metric 0.37  dataset 0.11  kind 0.92  unsupported 0.11
    heldout88 P 1.00  R 0.67  metric 0.28  dataset 0.19  kind 0.96  unsupported 0.14
    heldout89 P 0.96  R 1.00  metric 0.15  dataset 0.11  kind 1.00  unsupported 0.00
    heldout90 P 1.00  R 0.83  metric 0.14  dataset 0.33  kind 0.84  unsupported 0.00
    heldout91 P 0.91  R 0.97  metric 0.48  dataset 0.45  kind 0.94  unsupported 0.07
    heldout92 P 0.98  R 0.76  metric 0.74  dataset 0.13  kind 0.90  unsupported 0.06
    heldout93 P 0.90  R 0.96  metric 0.52  dataset 0.00  kind 0.85  unsupported 0.15
    heldout94 P 0.97  R 0.97  metric 0.88  dataset 0.21  kind 0.90  unsupported 0.05
    heldout95 P 0.90  R 0.86  metric 0.61  dataset 0.44  kind 0.84  unsupported 0.04
    heldout96 P 0.97  R 0.78  metric 0.54  dataset 0.11  kind 1.00  unsupported 0.07
    heldout97 P 1.00  R 0.90  metric 0.86  dataset 0.17  kind 0.81  unsupported 0.05
    heldout98 P 1.00  R 0.97  metric 0.88  dataset 0.06  kind 0.90  unsupported 0.00
    heldout99 P 0.98  R 0.91  metric 0.59  dataset 0.27  kind 0.90  unsupported 0.12
    heldout100 P 0.94  R 0.78  metric 0.28  dataset 0.10  kind 0.79  unsupported 0.22
    heldout101 P 0.95  R 0.95  metric 0.78  dataset 0.04  kind 0.87  unsupported 0.03
    heldout102 P 0.96  R 0.96  metric 0.80  dataset 0.11  kind 0.88  unsupported 0.00
    heldout103 P 1.00  R 0.84  metric 0.79  dataset 0.14  kind 1.00  unsupported 0.10
    heldout104 P 0.80  R 0.91  metric 0.32  dataset 0.25  kind 0.70  unsupported 0.14
    heldout105 P 0.97  R 0.81  metric 0.36  dataset 0.30  kind 0.87  unsupported 0.27
    heldout106 P 0.90  R 0.87  metric 0.32  dataset 0.00  kind 0.96  unsupported 0.13
    heldout107 P 0.94  R 0.82  metric 0.61  dataset 0.27  kind 0.82  unsupported 0.14
    heldout108 P 1.00  R 0.95  metric 0.51  dataset 0.32  kind 0.95  unsupported 0.00

heldout17 is the first set from outside the shared samples (arXiv abstracts of many years and
fields of ML), drawn once the samples' abstracts with a number were all used; heldout18 the
second (24 results in 40 abstracts: half of them hold digits only in names and counts);
heldout19 the third (79 results: only abstracts that report a measured number), heldout20
the fourth and heldout21 the fifth (96 results each, drawn the same way); heldout22 the sixth
(71 results in 20 abstracts) and heldout23 the seventh (44 results in 20 abstracts, labelled
alongside heldout22 by another labeller), both first measured with the rules of bf98fec
(heldout22 dataset wrong 0.19, heldout23 0.48) and kept blind until their errors gave the
rules about names cut short by the context window, possessive splits and bare acronyms;
heldout24 the eighth (34 results in 18 abstracts, half of them on efficiency: speedups,
memory, KV-cache compression, FLOPs), first measured with the rules of 6b24e6a and again,
with the same figures, after the rules of this change's session (dataset wrong 0.30: 3 of
10 stated), and kept blind; heldout25 the ninth (30 results in 16 abstracts, drawn where
abstracts name benchmarks by their numbers: code, text-to-SQL, translation, speech, anomaly
detection, few-shot, efficiency), first measured with the rules of 6b32fc3 and of the change
that withheld plain-word names alike (dataset wrong 0.20: 1 of 5 stated), and kept blind;
heldout26 the tenth (52 results in 16 abstracts, a third on efficiency), first measured with
the rules of 6b32fc3 (dataset wrong 0.23: 5 of 22) and of this session before it was read
(0.24: 5 of 21), then calibrated on like the others. heldout27 (30 results in 15 abstracts,
vision, speech, efficiency, robotics, medical imaging) and heldout28 (39 results in 17
abstracts, reasoning, code, QA, RL, graphs, recommendation, safety) were drawn and labelled
blind by two labellers at once, in the session of e79eb9c: heldout27 was measured first with
the rules of e79eb9c (dataset wrong 0: none of 7 stated) and then tuned on; heldout28 was
kept sealed until that session's rules were done and measured first with the rules of
e79eb9c and of 9455b01 alike (dataset wrong 0.25: 2 of 8 stated, a respective list of which
one name was read), then gave the rule that a list of names only one of which is read pairs
with no claim. heldout29 to heldout32 (43, 42, 37 and 46 results in 17 abstracts each:
translation, speech, time series, compression; generation, retrieval, segmentation, science;
LLM reasoning, agents, alignment, text-to-SQL; vision, tracking, audio, medical, anomaly
detection) were drawn and labelled blind by four labellers in the session of 03a75f9 and
measured first with its rules (heldout29 and heldout30 also with the rules of 31dcfb6 alike;
heldout31 and heldout32 stayed sealed until b140eda, which moved heldout31's dataset wrong
from 0.30 to 0.22 and left heldout32's at 0.44): stated datasets wrong 4 of 9, 4 of 19, 3 of
10 and 7 of 16. heldout33 to heldout36 (27, 38, 42 and 45 results in 15, 16, 17 and 17
abstracts: recommendation, graphs, AutoML, federated and continual learning; code, QA,
summarisation, extraction, dialogue; point clouds, depth, video, robots, re-identification;
restoration, quantisation, OCR, remote sensing, robustness) were drawn and labelled blind by
four labellers in the session of b7f9ece and measured first with its rules (those of 228d6ca
for results): stated datasets wrong 2 of 4, 0 of 8, 2 of 13 and 4 of 16 (0.20 over the four;
a dataset the sentence names stored 33 times in 72). Four of the eight were competitions
("CVPR 2021 AI City Challenge", "NTIRE 2019 Real Image Denoising Challenge"), which two
labellers left out as events; one a GPU ("GTX1080Ti"); three are read so by the rules and not
by the labels (the ImageNet of "On ImageNet, ... 1.2x faster", the CIFAR-10 of the sentence
before, "MLT-19 Devanagari" for MLT-19). They were then tuned on.
heldout37 to heldout40 (30, 37, 27 and 41 results in 16, 17, 16 and 17 abstracts: efficient
LLM inference, serving, MoE, PEFT, merging; multimodal LLMs, captioning, grounding, charts;
text-to-image, diffusion sampling, 3D generation, video; molecules, proteins, weather, PDEs,
EHR, ECG/EEG) were drawn and labelled blind by four more labellers in the same session and
measured first with the rules of 9fa8886 (the competitions, accelerators and listed benchmark
names above included): stated datasets wrong 1 of 4, 0 of 9, 2 of 11 and 0 of 4 (0.11; a
dataset the sentence names stored 25 times in 55). The one of heldout37 is a list of two
workload datasets its label leaves out; the two of heldout39 a participle's datasets paired
with numbers that "respectively" pairs with measures. They were then tuned on.
heldout41 to heldout44 (35, 39, 28 and 27 results in 17, 17, 17 and 16 abstracts: NLI,
parsing, fact checking, toxicity; speech recognition, enhancement, keyword spotting, sound
events; offline and game-playing RL, imitation, locomotion; retrieval, recommendation,
anomaly detection, trajectories) were drawn and labelled blind by a third four in the same
session and measured first with the rules of 15005f9: stated datasets wrong 1 of 4, 3 of 9,
2 of 2 and 0 of 0 (6 of 15, 0.40; a dataset the sentence names stored 9 times in 52), recall
0.81 (RL abstracts report in points, metres per second and days). The six: a shared task
("NLPCC 2019 Shared Task 2"), a metric ("PSDS1"), the one name of "experiments on
LibriSpeech and in-house datasets", two simulators ("on MuJoCo", "CARLA") and "Google
Speech Command Dataset" for "Google Speech Command". Then a shared task joined the
competitions, a name listed with unnamed data stopped being the one evaluated on, and the
calibration, with these sets tuned on, found names with a number in them found after the
claim right 59 times in 66: withheld (every set's dataset figure fell with it, over sets 1-40
from 0.49 to 0.42, while the stated ones went from 3.2% to 2.7% wrong; some dataset-wrong and
unsupported floors rose with fewer names stated). And when minutes, hours and days a run
takes ("trains in only 12 hours") became results in a cost unit: recall rose on eleven sets
(heldout43 0.46 to 0.53), while a few dataset and metric floors fell, the labels giving such
times a dataset or a metric ("1 hour of training") that an amount in a cost unit does not take.
heldout45 to heldout48 (41, 38, 42 and 40 results in 16, 17, 16 and 17 abstracts:
classification, few-shot, robustness; detection, segmentation, tracking, medical images;
translation, NER, sentiment, dialogue; maths reasoning, agents, forecasting, knowledge graphs)
were drawn and labelled blind by a fourth four, measured first with the rules of 4020ea4:
P 0.967, R 0.901; stated datasets wrong 2 of 13, 0 of 6, 2 of 9 and 0 of 8 (4 of 36, 0.11; a
dataset the sentence names stored 32 times in 78). All four wrong were datasets of efficiency
results ("5x-11x faster" on ImageNet, "8.6x faster decoding" with ASPEC Ja-En): over the 49
sets such a dataset was right 16 times in 31, so an efficiency result states none (the
dataset floors of heldout, heldout10, heldout17 and heldout29 fell with it, where labels
give a speed its setting), and a comparative of speed stopped taking an earlier claim's
measure of quality ("11.8% top-5 error, yet is 20% faster"). The trackers' measures (HOTA,
MOTA, IDF1) then named bare numbers: recall rose on heldout32 (0.74 to 0.80) and heldout46
(0.74 to 0.89), their dataset figures fell with more matched claims whose benchmark names the
vocabulary lacks (DanceTrack, found after the claim, is withheld).
heldout49 to heldout52 (35, 29, 28 and 37 results in 17 abstracts each: speech synthesis,
music, audio-language models, speaker verification; code, text-to-SQL, maths word problems,
table QA; graphs, molecules, link prediction, traffic; LLM safety, hallucination, instruction
tuning, long context) were drawn and labelled blind by a fifth four, measured first with the
rules of 9227aac: P 0.946, R 0.946; stated datasets wrong 1 of 3, 2 of 8, 0 of 3 and 0 of 7
(3 of 21, 0.14; a dataset the sentence names stored 18 times in 57); a stated metric wrong 12
times in 78. Then a score named before one number and another after the next stopped being
one list ("a chrF++ score of 46.80 and 18.19 BLEU score"), measures said to be respective
after a list were paired ("by 17% and 14% in terms of BLEU-4 and PARENT F-score,
respectively"), a general measure right after a number ("an 11% performance decline") kept
an earlier claim's metric from it, chrF, chrF++ and MAPE joined the vocabulary, and a
language group to a language ("Indic-En") and "Text-To-SQL" stopped being datasets.
And when a claim stopped taking the metric of an earlier claim of its sentence outside a
list (right 57 times in 71 over the 53 sets, 22 in 25 in a parallel clause such as "Net-T
attains 70.4%"; in a list 18 in 19): a stated metric went from 5.7% to 4.9% wrong, while
the metric floors of 35 sets fell (over all sets 0.81 to 0.77).
heldout53 to heldout56 (36, 35, 29 and 42 results in 17 abstracts each: VQA, captioning,
video retrieval, scene graphs; driving perception and planning; federated, continual, active
and semi-supervised learning; reward models, tree search, process rewards, coding agents)
were drawn and labelled blind by a sixth four and measured first with the rules of 6ab8a6f,
after every change above: P 0.977, R 0.901; stated datasets wrong 1 of 8, 0 of 3, 1 of 2 and
2 of 16 (4 of 29, 0.14; a dataset the sentence names stored 25 times in 70); a stated metric
wrong 3 times in 51 (0.06, from 0.10 and 0.15 on the two rounds before). Then an opening
phrase that names a list stopped giving its first name ("In experiments on the CamVid and
CityScapes datasets, ..."), and "respectively" stopped pairing with an earlier sentence's
names when its own sentence names a list (the models of "with GPT-4o and Phi-3-mini reaches
84.0% and 82.08%, respectively"): heldout4 lost one right dataset paired so by luck.
heldout57 to heldout60 (35, 28, 41 and 34 results in 16, 16, 16 and 17 abstracts: speech
recognition and synthesis, speaker verification; recommendation, graphs, forecasting; 3D
vision, splatting, driving perception; image and video generation, super-resolution, diffusion
compression; half of them efficiency results) were drawn and labelled blind by a seventh four
and measured first with the rules of 33fb150: P 0.939, R 0.899; stated datasets wrong 0 of 3,
0 of 0, 2 of 5 and 0 of 0 (2 of 8; a dataset the sentence names stored 6 times in 25); a
stated metric wrong 8 times in 69, a metric phrase as written (known to the vocabulary or
not) 13 times in 78. Measured first too with the change that made each metric say how it was
decided and withheld the ways below the bar (WITHHELD_METRIC_WAYS,
scripts/calibrate_metric_ways.py): a metric phrase wrong 8 times in 60 (the 18 withheld: 5
wrong phrases the vocabulary lacks, "average compression ratio" for compression ratio, and
13 right, nine of them "3x faster" read as Speedup). With it every set's metric floor fell
(over sets 1-56 from 0.76 to 0.59 on average): phrases the vocabulary lacks, found right
after or before the number, were right 183 times in 248 over the 60 sets and are no longer
stated, nor a known name where no phrase measures ("3x faster", 52 in 66); over the 60 sets
a metric phrase went from 165 wrong in 1727 to 44 in 1287. And a dataset taken from an earlier claim
of the same metric with a number in its name ("0.030 cm" after "On ModelNet40 ... 0.029 cm")
stopped being stated (1 in 3).
"equal error rate" then joined the vocabulary as EER (a speaker verification measure the
labels name 15 times), and a word that opens what follows a number stopped being the name of
its measure ("by 2.1 BLEU and 0.9 on IWSLT": "on"; the second member now takes BLEU): metric
figures rose on heldout21, heldout29, heldout35, heldout49 and heldout57, a stated metric
phrase is wrong 43 times in 1300 over the 60 sets.
heldout61 to heldout64 (29, 31, 33 and 35 results in 16, 17, 16 and 16 abstracts:
translation, summarisation and question answering; medical images; reinforcement learning
and robot manipulation; video understanding and tracking) were drawn and labelled blind by an
eighth four and measured first with the rules of c533826: P 0.965, R 0.859; stated datasets
wrong 3 of 22 (two tracks of KITTI, "KITTI 2D MOT", labelled KITTI; a cost's benchmark); a
stated metric wrong once in 65. Then a bracket of claims said to be respective stopped taking
the one name before it ("on A, B, and C (63.42%, 84.23%, and 95.67%, respectively)"), a name
starting in lower case may open a bracket of claims ("miniImageNet (70.31%"), "GFLOPs" joined
FLOPs (found missing on heldout64), a count of operations after a number stopped being the
next number's measure ("with 1.22 GFLOPs reaches 93.92%"), and points said to be absolute
became points: results found on heldout22, heldout31, heldout35 and heldout64, and the metric
floor of heldout22 and the dataset floor of heldout35 fell with two of them, whose measure or
data the rules leave unstated. The calibration then stated an uncurated name carried from a
claim close by (right 4 times in 5; heldout's dataset-wrong floor rose with "ProofNet"
carried to "9.6% on uproof", a name in lower case the rules do not read) and withheld a name with a number in it scoped with a claim (0 of
2: the KITTI tracks).
Then the vocabulary learned measures of survival, diagnosis, flow and forecasting that the
labels of several sets name (concordance index, Brier score, sensitivity and specificity,
Hausdorff distance, end-point error, CRPS, NMAE, NDS): results were found on heldout19,
heldout35, heldout54 and heldout62 and their metrics stated, and heldout62's dataset floor
fell with the new results whose benchmarks are not stated. Every other floor was raised to
today's figures.
A series of decimals each for its own part then gave its later members ("Dice scores of 0.76
for ..., 0.80 for ..., and 0.85 for ...", heldout62) after one whose measure is known, and
heldout62's dataset floor fell again with them.
heldout65 to heldout68 (39, 37, 44 and 32 results in 15 abstracts each: LLM reasoning; code
generation and software agents; detection, segmentation and pose; self-supervised, few-shot
and continual classification) were drawn and labelled blind by a ninth four and measured
first with the rules of 7ffe0c0, after every change above: P 0.952, R 0.921; stated datasets
wrong 7 of 47 (0.15; a dataset the sentence names stored 40 times in 86); a stated metric
wrong 5 times in 65. With them the calibration withheld a name carried from a claim close by
(curated 10 right in 12, uncurated 5 in 7: "57.0% on LiveCodeBench" took the "AIME 2024" of
the claim before) and an uncurated name the sentence says it evaluates on (16 in 19), and
stated the measure a verb before changes (25 in 28): the dataset floors of eighteen sets
fell with the right names those ways had carried, and a few unsupported floors rose.
heldout69 to heldout72 (31, 39, 37 and 40 results in 15, 15, 16 and 15 abstracts: graph
learning and recommendation; speech and audio; efficient models; image generation and
restoration) were drawn and labelled blind by a tenth four and measured first with the rules
of 3641b55: P 0.902, R 0.939 (heldout69's labels leave out six ratios of compressed embedding
tables as sizes); stated datasets wrong 6 of 22, all "Voxceleb", the family an abstract
evaluates on, given to claims on its member VoxCeleb1; a dataset the sentence names stored 16
times in 43; a stated metric wrong 5 times in 80. The rules then learned measures said to be
respective after "on", ranges with a spaced dash, a verification set's trial lists, not to
give a family's name, and the long names of PSNR and SSIM; every floor was set to today's
figures and none fell.
heldout73 to heldout76 (29, 40, 41 and 29 results in 15, 14, 17 and 15 abstracts: language
understanding and information extraction; time series and tabular data; multimodal and
vision-language models; trustworthy ML) were drawn and labelled blind by an eleventh four and
measured first with the rules of 8ffb266: P 0.905, R 0.892; stated datasets wrong 1 of 18
(an average margin given the dataset of the claim before it); a dataset the sentence names
stored 17 times in 60; a stated metric wrong 8 times in 67 (one number "in AUROC/AUPRC" given
AUROC, "AUPRC and" as a head, "TPR at low FPR" read as FPR, "the Arg-C F1 metric" three
times, a gain in VQA performance given the accuracy a verb before changed). The rules then
learned measures written with a slash, a measure at an operating point, the word "metric"
after a name, a gain's own measure, averages over more than one claim's data, and the
figures of what is compared in brackets and after "compared to X of"; the new sets' floors
are today's figures, and heldout27's rose.
heldout77 to heldout80 (36, 31, 36 and 55 results in 16, 17, 14 and 16 abstracts: scientific
ML; retrieval and ranking; LLM agents, safety and evaluation; 3D perception and remote
sensing) were drawn and labelled blind by a twelfth four and measured first with the rules of
1586b39 (d1b7b39, written before any of them was read, gives the same figures): P 0.924,
R 0.842 (heldout77's pages lost signs and kept LaTeX); stated datasets wrong 9 of 20 (the one
benchmark an abstract evaluates on given to a claim whose sentence turns to another, a task's
acronym counted as benchmarks, a bare split, a system's label made an adjective, and EuroSAT
given to one abstract's figures of its architecture's iterations, which the labels leave
without a dataset); a dataset the sentence names stored 11 times in 62; a stated metric wrong
7 times in 75. The rules then learned the first five and ranges of bare numbers, orders of
magnitude, frames/sec, "are" before a measure's list, measures changed together, and a
claim's own unknown measure after it; the calibration now withholds the one evaluated
benchmark when only the independent list holds it (19 right in 25) and a comparative's word
the vocabulary lacks (5 in 7), so that the dataset floors of heldout17, 20, 35, 47 and 62 and
the metric floors of heldout2, 8, 20, 49 and 70 fell with the right ones withheld; every
floor is today's figure.
heldout81 to heldout84 (36, 43, 36 and 42 results in 16, 17, 15 and 15 abstracts: clinical
and health ML; embodied navigation, driving and localization; document AI and text
recognition; person, face and anomaly recognition) were drawn and labelled blind by a
thirteenth four and measured first with the rules of b445008: P 0.935, R 0.924; stated
datasets wrong 1 of 13 (MMLU for "the MMLU medical-subset"); a dataset the sentence names
stored 12 times in 89; a stated metric wrong 6 times in 80 (three measures listed before
numbers said to be respective all given the last, a list of measures' changes, a verification
rate given the accuracy before it, an unknown comparative's figure given the FLOPs of the
list before). The rules then learned the verification rates TAR and FAR and the operating
point a score is read at, measures listed before respective numbers and lists of changes,
a model named like a verb of beating, milliseconds, a cut of the parameters as a size, a
condition given "with", and a number after a non-breaking hyphen; every floor is today's
figure.
heldout85 to heldout88 (30, 35, 30 and 42 results in 15, 16, 16 and 15 abstracts: text
generation and editing; speech enhancement, separation and audio generation; language model
pretraining, long context and formal reasoning; human-centric and geometric vision) were
drawn and labelled blind by a fourteenth four and measured first with the rules of 735ed3a:
P 0.952, R 0.861 (lengths and angles were no units: "an MPJPE of 45.0 mm", "angular errors of
2.49°, 3.22°"); stated datasets wrong 4 of 9 (the captioning measure SPIDEr taken for the
Spider benchmark twice and "a 33.0 SPIDEr-FL score" for a name, MusicCaps given to "5 times
fewer iterative steps"); a dataset the sentence names stored 5 times in 40; a stated metric
wrong 3 times in 39 (accuracy carried past a nearer verb whose measure the vocabulary lacks,
"error percentage"; "angular errors" as the error rate; accuracy for "accuracy of external
calls"). The calibration then withheld the three ways those were decided by and the measure
a verb before changes (31 right in 35), so that the metric and dataset floors of twenty
sets fell with the right ones withheld. The rules then learned lengths and angles as the units
of a measure that names them, the measures of pose, gaze, captioning, separation and dialogue
state (MPJPE, angular error, SPIDEr written in its own case, SI-SNRi, joint goal accuracy),
the measure of the verb of change nearest the claim, a mark that is surpassed, a budget held
"under", a name with a hyphen that does not break, and fifteen benchmarks of those fields;
every withheld way came back, and every floor is today's figure (heldout86's one stated
dataset is wrong: MusicCaps for "5 times fewer iterative steps", an efficiency result the
rules do not know as one).
heldout89 to heldout92 (23, 30, 32 and 54 results in 15, 17, 17 and 16 abstracts: neural
combinatorial optimization and learned solvers; learned compression and low-level vision;
optimization and large-scale training; security and domain applications) were drawn and
labelled blind by a fifteenth four and measured first with the rules of fc3627c: P 0.960,
R 0.863 (bits per pixel, multiplications per pixel, megabytes and millijoules are no units,
and "F1_macro=0.6927, P_macro=0.7707" names no measure the vocabulary knows); stated datasets
wrong 0 of 10; a dataset the sentence names stored 10 times in 41; a stated metric wrong 3
times in 51 (the measure a comparative after the number before names given to the next
number twice: "4.5% lower F1-score and 2.8% higher LogD"; "training memory" for "total
training memory"). No way fell below the bar and no floor fell. The rules then learned
that the measure a comparative after the number before names is that number's, the Jaccard
index and the Matthews correlation coefficient, and that a target a run is timed to, the
memory of the hardware it is given, parameters "reduced to" a share and a share of
poisoning it is held under are no results; every floor is today's figure (heldout92's
dataset figure fell from 0.13 to 0.11 as three more of its results were found, two of them
labelled with a benchmark an earlier sentence names, which the rules do not carry).
heldout93 to heldout96 (27, 31, 43 and 41 results in 16, 17, 15 and 15 abstracts: federated
learning and privacy; knowledge graphs and structured knowledge; spiking and
hardware-efficient networks; weather, climate and spatiotemporal forecasting) were drawn and
labelled blind by a sixteenth four and measured first with the rules of bcaf827: P 0.933,
R 0.880 (giga-operations a second, energy per operation and lead times in days are no units
or measures the rules know); stated datasets wrong 2 of 10 (Freebase for a gain on Wikidata
benchmarks "alongside consistent improvements on Freebase benchmarks", ImageNet for a time
saved "while achieving superb inversion quality in ImageNet dataset"); a dataset the
sentence names stored 8 times in 34; a stated metric wrong 3 times in 69 (the accuracy an
earlier clause improves given to "reducing communication rounds by approximately 22%").
The rules then learned that the measure a verb changes is not the next amount's across its
own amount, that what is added "alongside" is another claim on its own data, the figure of
what is passed when named as its own ("surpassing Whisper-Base's CER of 20.2", a spurious
result of heldout70 too) or as the earlier best, the end of a change "to a ... level of" a
number, a learning rate as a setting, and the anomaly correlation coefficient; every floor
is today's figure (heldout93's one stated dataset is still wrong: ImageNet for a time saved
"while achieving superb inversion quality in ImageNet dataset").
heldout97 to heldout100 (29, 31, 65 and 37 results in 15 abstracts each: sign language, lip
reading, activity and brain-signal decoding; misinformation, hate speech, stance and
fairness; genomics, astronomy, particle physics, quantum learning and neural operators;
noisy labels, active learning, causal discovery and bandits) were drawn and labelled blind
by a seventeenth four and measured first with the rules of 7c3b227: P 0.980, R 0.889;
stated datasets wrong 1 of 14 (the BBC-Oxford Lip Reading Sentences benchmark without the
"2" of LRS2, before the amount it improves by: that way for uncurated names fell to 7 right
in 9, and is withheld); a dataset the sentence names stored 13 times in 76; a stated metric
wrong 7 times in 86 (macro-averaged accuracy, AUC and AUPR stated as the plain metrics; a
list of gains "respectively" after three named scores given the last score's measure past
a member that names none, which brought the known measure a list member takes to 53 right
in 59, below the bar, so it is withheld; a top-5 error rate as the error rate). With those
two ways withheld, 28 sets' metric floors fell (heldout62's from 0.79 to 0.62) and 5 sets'
dataset floors (heldout31's from 0.29 to 0.23), and fewer stated left the share wrong higher
on 7 (heldout81's dataset wrong from 0.25 to 0.34: one wrong of three stated, not of four).
The rules then learned that a list said to be respective pairs in order with as many claims
before it that name their measures (and otherwise takes no measure past a member that names
none), so that the known measure a list member takes was right 65 times in 68 and is stated
again; that an average over classes other than the plain one ("macro-AUC", "weighted F1") is
its own metric, stated only where the vocabulary knows it (Macro-F1, and now Weighted-F1),
so that heldout20's frequency-weighted AUROC and heldout81's weighted accuracy are no longer
stated as the plain metrics (their metric floors fell from 0.77 to 0.76 and 0.58 to 0.55);
that a top-k error rate is the top-k error; that a known name alone in brackets right after
a number is its data ("99.38% (MNIST)"); and that an adverb ("further", "significantly")
may stand between a measure and the verb that changes it. heldout97-100: stated metrics wrong 7 of 86
to 1 of 81, stated datasets wrong 0 of 17, R 0.889 to 0.895; over the 100 sets, stated
metrics wrong 65 of 2053 to 58 of 2057, stated datasets wrong 17 of 702 to 15 of 698.
heldout101 to heldout104 (41, 26, 32 and 22 results in 16, 12, 13 and 12 abstracts: deepfake
detection, watermarking, face anti-spoofing and forgery localization; legal and financial
NLP, sarcasm and humour, keyphrases and grammatical error correction; event cameras, visual
odometry, counting and image retrieval; calibration, out-of-distribution detection, domain
generalization and test-time adaptation) were drawn and labelled blind by an eighteenth four,
the first to follow the brief now kept in docs/labelling/results_brief.md and checked by
scripts/check_labelled_set.py (three sets fell short of 15 abstracts: most pages on these
topics had no digits, no arXiv id or an id already used), and measured first with the rules
of ba35919: P 0.933, R 0.917; stated datasets wrong 1 of 6 ("PKU-DAVIS-SOD Dataset" for
PKU-DAVIS-SOD); a dataset the sentence names stored 5 times in 51 (most are names the
vocabulary lacks: Replay-Attack, OULU-NPU, SiW-Mv2, CARPK, EuRoC); a stated metric wrong 3
times in 72. No way fell below the bar with them. The rules then learned that a tilde glued
between two numbers joins a range as a dash does ("by 12~20%" was "about 20%", a score), that
a multiple in brackets after what an acceleration is over is the paper's ("over GNNs
(90~126×)", compared with the nearest "over", the name before it no dataset), and the
coefficient of determination (R2), its abbreviation in brackets ending in a digit: heldout101
to heldout104 P 0.934, R 0.942 (heldout103's recall 0.84 to 0.93, and its dataset figure 0.14
to 0.12 with two more matched claims on CARPK and PUCPR+, which the rules leave unstated);
over the 104 sets P 0.963, R 0.920 to 0.921, stated datasets wrong 16 of 704, stated metrics
wrong 61 of 2129 to 61 of 2133. Stating the names these sets' labels give would need ways
the calibration withholds: with none withheld they were right 26 times in 40 here.
heldout105 to heldout108 (37, 30, 40 and 39 results in 17, 17, 15 and 15 abstracts: sound
event detection, audio and music generation and captioning; Gaussian splatting, radiance
fields, multi-view reconstruction and point-cloud registration, most results efficiency;
remote sensing: SAR, hyperspectral, change detection, canopy height; OCR, handwriting and
document understanding) were drawn and labelled blind by a nineteenth four under the same
brief, and measured first with the rules of 2df3bba: P 0.955, R 0.863; stated datasets wrong
0 of 15; a dataset the sentence names stored 15 times in 55; a stated metric wrong 7 times
in 59 (two measures paired in order given the first to both: "0.470 and 0.692 of PSDS1 and
PSDS2", "an MAE / RMSE of 2.43 / 4.73"). With them the bracketed way for names the
vocabulary lacks reached the bar (12 right in 14) and was stated again, after which the
rules learned that a name before a bracket is no dataset when it is the paper's own system
("our ConAgents (e.g., 6 point improvement") or a compared system given as an example
("such as ... WildCard (+4.3%)"), so that way is right 12 times in 12; that two numbers take
two measures in order however the pair is written; PSDS and KL divergence as measures; and
that what people reach on a benchmark ("human performance tops at 89.3%") or an earlier best
named with its figure is a reference, not a result; that a list member "in" a name a
measure's word ends ("+0.87 in MPrecision") takes no earlier member's measure; and the
curated list took nine benchmarks of these fields its labels name (MUSDB18-HQ, DESED,
3DMatch, 3DLoMatch, Mip-NeRF 360, RSICD, RSITMD, TextZoom, HME100K; none is in the samples):
heldout105 to heldout108 P 0.950, R 0.911, stated metrics wrong 3 of 65, stated datasets
wrong 0 of 27, a named dataset stored 27 times in 60; over the 108 sets P 0.964, R 0.921,
stated datasets wrong 16 of 742, stated metrics wrong 64 of 2203.

The floors are today's figures rounded down (unsupported and dataset wrong rounded up): a
change that lowers one makes extraction worse on real abstracts. The dataset floors were set
again when the ways of deciding a dataset that are right less than 0.95 of the time stopped
stating one (WITHHELD_DATASET_WAYS, scripts/calibrate_dataset_ways.py): a dataset left out
lowers the dataset figure, a wrong one stated raises the dataset-wrong one, and the results
issue puts a wrong dataset first; and again when bare acronyms after the number stopped being
stated (right ones lost in heldout3, heldout4 and heldout21: WQ, DPG, BGL, SGD); and when
the other side of a contrast stopped giving results ("whereas ResNet-50 obtains 76.1%"):
precision rose on heldout and heldout2, heldout3's recall fell because its labels
count a baseline's numbers as results ("In contrast, the base Tulu model ... achieves only a
3.5% reduction (from 8.7 to 8.4)"), and heldout2's metric because a number after a dropped
baseline's no longer takes its metric from it; and when a way is withheld only where the
labelled sets show it right less than 0.95 of the time even at the upper end of its 95%
interval, and names in plain words or bare acronyms the vocabulary lacks are withheld
whatever way found them: dataset figures fell where right ones were plain words (Web,
Countdown, Hadoop, Airline, Verified) or uncurated names taken from an earlier claim's
metric (heldout10), and the dataset-wrong figures of heldout9 and heldout17 rose with the one
curated benchmark an abstract evaluates on stated again (right 13 times in 15); and when the
calibration began to judge a way on the blind sets alone too (24-26 and 29-32, where they
state ten names or more): names the vocabulary lacks found after the claim were right 0.96 of
the time on the sets tuned on and 0.78 on the blind ones; those with a number in them
(DBP15K_FR-EN, ESC-50) 0.95 and 0.89, the others 0.97 and 0.74, so the others are no longer
stated. Every set's dataset figure fell (over sets 1-28 from 0.62 to 0.48), while the stated
ones went from 3.4% to 2.9% wrong, and on the blind sets 29-32 from about one in four to
0.06. Some dataset-wrong and unsupported floors rose with it: fewer names stated, of
which the same few wrong (heldout15: 1 of 4). And when a curated name carried from an
earlier claim of the same metric fell to 3 right of 5 with heldout36 (a sentence that moves
to another setting): heldout's dataset floor fell from 0.67 to 0.65, heldout20's from 0.49
to 0.47. And when names the curated list lacks but the Papers with Code taxonomy lists as
benchmarks (kind `listed`: TREC-COVID, MIMIC-III, AudioSet; right 44 times in 44 over every
way) were stated: the dataset floors rose (heldout17 0.41 to 0.62, heldout20 0.47 to 0.56).
`.venv/bin/python -m
tests.unit.transform.results_scoring` prints the figures themselves.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tests.unit.transform.results_scoring import (
    Figures,
    Scores,
    figures,
    labelled_set_scores,
    labelled_sets_scores,
)

# Extraction over whole sets of real abstracts: seconds each.
pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parents[2] / "fixtures"

FLOORS = {
    "heldout": Figures(
        precision=0.98,
        recall=0.92,
        metric=0.59,
        dataset=0.52,
        kind=0.95,
        unsupported=0.02,
        dataset_wrong=0.00,
    ),
    "heldout10": Figures(
        precision=0.96,
        recall=0.98,
        metric=0.61,
        dataset=0.33,
        kind=0.92,
        unsupported=0.04,
        dataset_wrong=0.00,
    ),
    "heldout100": Figures(
        precision=0.93,
        recall=0.78,
        metric=0.32,
        dataset=0.10,
        kind=0.79,
        unsupported=0.12,
        dataset_wrong=0.00,
    ),
    "heldout101": Figures(
        precision=0.95,
        recall=0.95,
        metric=0.77,
        dataset=0.04,
        kind=0.87,
        unsupported=0.04,
        dataset_wrong=0.00,
    ),
    "heldout102": Figures(
        precision=0.96,
        recall=0.96,
        metric=0.80,
        dataset=0.11,
        kind=0.88,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout103": Figures(
        precision=1.00,
        recall=0.93,
        metric=0.81,
        dataset=0.12,
        kind=1.00,
        unsupported=0.09,
        dataset_wrong=0.34,
    ),
    "heldout104": Figures(
        precision=0.80,
        recall=0.90,
        metric=0.31,
        dataset=0.25,
        kind=0.70,
        unsupported=0.15,
        dataset_wrong=0.00,
    ),
    "heldout105": Figures(
        precision=0.94,
        recall=1.00,
        metric=0.58,
        dataset=0.40,
        kind=0.89,
        unsupported=0.06,
        dataset_wrong=0.00,
    ),
    "heldout106": Figures(
        precision=0.89,
        recall=0.86,
        metric=0.31,
        dataset=0.40,
        kind=0.96,
        unsupported=0.12,
        dataset_wrong=0.00,
    ),
    "heldout107": Figures(
        precision=0.94,
        recall=0.82,
        metric=0.64,
        dataset=0.53,
        kind=0.81,
        unsupported=0.04,
        dataset_wrong=0.00,
    ),
    "heldout108": Figures(
        precision=1.00,
        recall=0.94,
        metric=0.51,
        dataset=0.44,
        kind=0.94,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout11": Figures(
        precision=0.96,
        recall=1.00,
        metric=0.52,
        dataset=0.10,
        kind=0.96,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout12": Figures(
        precision=0.97,
        recall=0.91,
        metric=0.54,
        dataset=0.21,
        kind=1.00,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout13": Figures(
        precision=0.95,
        recall=1.00,
        metric=0.65,
        dataset=0.50,
        kind=0.92,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout14": Figures(
        precision=0.94,
        recall=0.91,
        metric=0.64,
        dataset=0.36,
        kind=0.96,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout15": Figures(
        precision=1.00,
        recall=0.94,
        metric=0.76,
        dataset=0.21,
        kind=0.94,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout16": Figures(
        precision=1.00,
        recall=0.83,
        metric=0.57,
        dataset=0.28,
        kind=0.96,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout17": Figures(
        precision=0.95,
        recall=0.94,
        metric=0.73,
        dataset=0.31,
        kind=0.92,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout18": Figures(
        precision=0.95,
        recall=0.95,
        metric=0.76,
        dataset=0.41,
        kind=0.95,
        unsupported=0.06,
        dataset_wrong=0.00,
    ),
    "heldout19": Figures(
        precision=0.93,
        recall=0.92,
        metric=0.75,
        dataset=0.48,
        kind=0.97,
        unsupported=0.02,
        dataset_wrong=0.00,
    ),
    "heldout2": Figures(
        precision=0.99,
        recall=0.91,
        metric=0.58,
        dataset=0.48,
        kind=0.92,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout20": Figures(
        precision=0.97,
        recall=0.89,
        metric=0.76,
        dataset=0.35,
        kind=0.88,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout21": Figures(
        precision=0.96,
        recall=0.94,
        metric=0.69,
        dataset=0.35,
        kind=0.92,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout22": Figures(
        precision=1.00,
        recall=0.84,
        metric=0.70,
        dataset=0.62,
        kind=0.86,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout23": Figures(
        precision=0.97,
        recall=0.77,
        metric=0.56,
        dataset=0.45,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout24": Figures(
        precision=0.88,
        recall=0.88,
        metric=0.50,
        dataset=0.42,
        kind=0.90,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout25": Figures(
        precision=0.96,
        recall=1.00,
        metric=0.65,
        dataset=0.25,
        kind=0.83,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout26": Figures(
        precision=0.96,
        recall=1.00,
        metric=0.43,
        dataset=0.48,
        kind=0.92,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout27": Figures(
        precision=0.89,
        recall=0.86,
        metric=0.72,
        dataset=0.35,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout28": Figures(
        precision=0.94,
        recall=0.94,
        metric=0.42,
        dataset=0.23,
        kind=0.78,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout29": Figures(
        precision=0.95,
        recall=0.88,
        metric=0.51,
        dataset=0.38,
        kind=0.92,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout3": Figures(
        precision=0.97,
        recall=0.95,
        metric=0.60,
        dataset=0.50,
        kind=0.98,
        unsupported=0.03,
        dataset_wrong=0.00,
    ),
    "heldout30": Figures(
        precision=1.00,
        recall=1.00,
        metric=0.63,
        dataset=0.38,
        kind=0.95,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout31": Figures(
        precision=1.00,
        recall=0.89,
        metric=0.85,
        dataset=0.23,
        kind=0.90,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout32": Figures(
        precision=0.97,
        recall=0.82,
        metric=0.68,
        dataset=0.13,
        kind=0.92,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout33": Figures(
        precision=0.96,
        recall=1.00,
        metric=0.35,
        dataset=0.30,
        kind=0.88,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout34": Figures(
        precision=1.00,
        recall=0.73,
        metric=0.63,
        dataset=0.61,
        kind=0.85,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout35": Figures(
        precision=0.95,
        recall=0.95,
        metric=0.55,
        dataset=0.52,
        kind=0.95,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout36": Figures(
        precision=0.91,
        recall=0.97,
        metric=0.65,
        dataset=0.46,
        kind=0.93,
        unsupported=0.04,
        dataset_wrong=0.00,
    ),
    "heldout37": Figures(
        precision=0.96,
        recall=0.93,
        metric=0.60,
        dataset=0.60,
        kind=0.89,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout38": Figures(
        precision=0.94,
        recall=0.94,
        metric=0.53,
        dataset=0.42,
        kind=0.94,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout39": Figures(
        precision=0.92,
        recall=0.88,
        metric=0.60,
        dataset=0.46,
        kind=1.00,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout4": Figures(
        precision=0.98,
        recall=0.97,
        metric=0.84,
        dataset=0.48,
        kind=0.97,
        unsupported=0.07,
        dataset_wrong=0.10,
    ),
    "heldout40": Figures(
        precision=0.94,
        recall=0.90,
        metric=0.50,
        dataset=0.05,
        kind=0.81,
        unsupported=0.06,
        dataset_wrong=0.00,
    ),
    "heldout41": Figures(
        precision=0.97,
        recall=0.94,
        metric=0.66,
        dataset=0.16,
        kind=0.93,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout42": Figures(
        precision=1.00,
        recall=0.94,
        metric=0.71,
        dataset=0.16,
        kind=0.97,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout43": Figures(
        precision=0.83,
        recall=0.53,
        metric=0.36,
        dataset=0.00,
        kind=1.00,
        unsupported=0.50,
        dataset_wrong=1.00,
    ),
    "heldout44": Figures(
        precision=1.00,
        recall=0.81,
        metric=0.58,
        dataset=0.00,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout45": Figures(
        precision=0.97,
        recall=1.00,
        metric=0.55,
        dataset=0.43,
        kind=0.75,
        unsupported=0.06,
        dataset_wrong=0.00,
    ),
    "heldout46": Figures(
        precision=1.00,
        recall=0.89,
        metric=0.78,
        dataset=0.53,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout47": Figures(
        precision=1.00,
        recall=0.95,
        metric=0.65,
        dataset=0.36,
        kind=0.90,
        unsupported=0.04,
        dataset_wrong=0.00,
    ),
    "heldout48": Figures(
        precision=0.97,
        recall=0.97,
        metric=0.62,
        dataset=0.44,
        kind=0.97,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout49": Figures(
        precision=0.94,
        recall=0.94,
        metric=0.66,
        dataset=0.10,
        kind=0.93,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout5": Figures(
        precision=1.00,
        recall=0.95,
        metric=0.52,
        dataset=0.27,
        kind=0.93,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout50": Figures(
        precision=0.96,
        recall=0.89,
        metric=0.71,
        dataset=0.37,
        kind=0.88,
        unsupported=0.12,
        dataset_wrong=0.00,
    ),
    "heldout51": Figures(
        precision=0.90,
        recall=1.00,
        metric=0.86,
        dataset=0.37,
        kind=0.92,
        unsupported=0.10,
        dataset_wrong=0.00,
    ),
    "heldout52": Figures(
        precision=0.97,
        recall=0.94,
        metric=0.75,
        dataset=0.53,
        kind=0.88,
        unsupported=0.04,
        dataset_wrong=0.00,
    ),
    "heldout53": Figures(
        precision=1.00,
        recall=0.97,
        metric=0.51,
        dataset=0.44,
        kind=0.88,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout54": Figures(
        precision=1.00,
        recall=0.85,
        metric=0.59,
        dataset=0.30,
        kind=0.93,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout55": Figures(
        precision=0.96,
        recall=0.82,
        metric=0.29,
        dataset=0.36,
        kind=0.95,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout56": Figures(
        precision=0.97,
        recall=0.95,
        metric=0.60,
        dataset=0.48,
        kind=0.90,
        unsupported=0.04,
        dataset_wrong=0.00,
    ),
    "heldout57": Figures(
        precision=0.93,
        recall=0.82,
        metric=0.52,
        dataset=0.42,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout58": Figures(
        precision=1.00,
        recall=0.96,
        metric=0.45,
        dataset=0.00,
        kind=0.92,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout59": Figures(
        precision=0.92,
        recall=0.85,
        metric=0.63,
        dataset=0.23,
        kind=0.88,
        unsupported=0.05,
        dataset_wrong=0.25,
    ),
    "heldout6": Figures(
        precision=0.96,
        recall=0.93,
        metric=0.69,
        dataset=0.29,
        kind=0.94,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout60": Figures(
        precision=0.91,
        recall=0.97,
        metric=0.63,
        dataset=0.00,
        kind=0.90,
        unsupported=0.27,
        dataset_wrong=0.00,
    ),
    "heldout61": Figures(
        precision=0.96,
        recall=0.93,
        metric=0.81,
        dataset=0.33,
        kind=0.92,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout62": Figures(
        precision=0.96,
        recall=0.83,
        metric=0.79,
        dataset=0.05,
        kind=0.92,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout63": Figures(
        precision=1.00,
        recall=0.81,
        metric=0.68,
        dataset=0.14,
        kind=0.88,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout64": Figures(
        precision=0.97,
        recall=1.00,
        metric=0.77,
        dataset=0.48,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout65": Figures(
        precision=0.90,
        recall=0.92,
        metric=0.50,
        dataset=0.31,
        kind=0.86,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout66": Figures(
        precision=1.00,
        recall=0.97,
        metric=0.56,
        dataset=0.50,
        kind=0.83,
        unsupported=0.10,
        dataset_wrong=0.25,
    ),
    "heldout67": Figures(
        precision=0.97,
        recall=0.81,
        metric=0.80,
        dataset=0.47,
        kind=1.00,
        unsupported=0.04,
        dataset_wrong=0.10,
    ),
    "heldout68": Figures(
        precision=0.94,
        recall=1.00,
        metric=0.63,
        dataset=0.61,
        kind=1.00,
        unsupported=0.13,
        dataset_wrong=0.08,
    ),
    "heldout69": Figures(
        precision=0.76,
        recall=0.93,
        metric=0.57,
        dataset=0.00,
        kind=0.86,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout7": Figures(
        precision=0.96,
        recall=0.95,
        metric=0.77,
        dataset=0.27,
        kind=0.90,
        unsupported=0.03,
        dataset_wrong=0.00,
    ),
    "heldout70": Figures(
        precision=0.97,
        recall=0.97,
        metric=0.77,
        dataset=0.44,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout71": Figures(
        precision=1.00,
        recall=0.91,
        metric=0.60,
        dataset=0.20,
        kind=0.88,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout72": Figures(
        precision=0.95,
        recall=0.95,
        metric=0.57,
        dataset=0.50,
        kind=0.92,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout73": Figures(
        precision=1.00,
        recall=0.93,
        metric=0.84,
        dataset=0.45,
        kind=0.88,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout74": Figures(
        precision=1.00,
        recall=0.85,
        metric=0.70,
        dataset=0.00,
        kind=0.88,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout75": Figures(
        precision=0.93,
        recall=0.97,
        metric=0.61,
        dataset=0.33,
        kind=0.90,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout76": Figures(
        precision=0.87,
        recall=0.96,
        metric=0.64,
        dataset=0.33,
        kind=0.89,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout77": Figures(
        precision=0.93,
        recall=0.75,
        metric=0.65,
        dataset=0.00,
        kind=0.88,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout78": Figures(
        precision=0.96,
        recall=1.00,
        metric=0.55,
        dataset=0.22,
        kind=0.80,
        unsupported=0.12,
        dataset_wrong=0.00,
    ),
    "heldout79": Figures(
        precision=1.00,
        recall=0.86,
        metric=0.53,
        dataset=0.38,
        kind=0.87,
        unsupported=0.06,
        dataset_wrong=0.00,
    ),
    "heldout8": Figures(
        precision=0.95,
        recall=0.93,
        metric=0.63,
        dataset=0.30,
        kind=0.91,
        unsupported=0.04,
        dataset_wrong=0.00,
    ),
    "heldout80": Figures(
        precision=0.94,
        recall=0.94,
        metric=0.64,
        dataset=0.13,
        kind=1.00,
        unsupported=0.06,
        dataset_wrong=0.00,
    ),
    "heldout81": Figures(
        precision=0.92,
        recall=0.97,
        metric=0.55,
        dataset=0.10,
        kind=0.91,
        unsupported=0.06,
        dataset_wrong=0.34,
    ),
    "heldout82": Figures(
        precision=0.97,
        recall=0.95,
        metric=0.59,
        dataset=0.25,
        kind=0.97,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout83": Figures(
        precision=0.97,
        recall=0.97,
        metric=0.65,
        dataset=0.09,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout84": Figures(
        precision=1.00,
        recall=1.00,
        metric=0.75,
        dataset=0.13,
        kind=0.92,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout85": Figures(
        precision=0.96,
        recall=1.00,
        metric=0.46,
        dataset=0.77,
        kind=0.90,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout86": Figures(
        precision=0.97,
        recall=0.97,
        metric=0.56,
        dataset=0.00,
        kind=1.00,
        unsupported=0.06,
        dataset_wrong=1.00,
    ),
    "heldout87": Figures(
        precision=0.92,
        recall=0.86,
        metric=0.42,
        dataset=0.22,
        kind=0.92,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout88": Figures(
        precision=1.00,
        recall=0.90,
        metric=0.59,
        dataset=0.50,
        kind=0.97,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout89": Figures(
        precision=1.00,
        recall=1.00,
        metric=0.15,
        dataset=0.11,
        kind=1.00,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout9": Figures(
        precision=0.98,
        recall=0.87,
        metric=0.41,
        dataset=0.21,
        kind=0.98,
        unsupported=0.07,
        dataset_wrong=0.17,
    ),
    "heldout90": Figures(
        precision=1.00,
        recall=0.83,
        metric=0.13,
        dataset=0.33,
        kind=0.84,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout91": Figures(
        precision=0.96,
        recall=0.96,
        metric=0.48,
        dataset=0.45,
        kind=0.93,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout92": Figures(
        precision=1.00,
        recall=0.81,
        metric=0.76,
        dataset=0.11,
        kind=0.90,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout93": Figures(
        precision=0.93,
        recall=1.00,
        metric=0.54,
        dataset=0.00,
        kind=0.85,
        unsupported=0.08,
        dataset_wrong=1.00,
    ),
    "heldout94": Figures(
        precision=0.96,
        recall=0.96,
        metric=0.87,
        dataset=0.21,
        kind=0.90,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout95": Figures(
        precision=0.92,
        recall=0.86,
        metric=0.61,
        dataset=0.44,
        kind=0.83,
        unsupported=0.05,
        dataset_wrong=0.00,
    ),
    "heldout96": Figures(
        precision=1.00,
        recall=0.80,
        metric=0.56,
        dataset=0.11,
        kind=1.00,
        unsupported=0.07,
        dataset_wrong=0.00,
    ),
    "heldout97": Figures(
        precision=1.00,
        recall=0.93,
        metric=0.86,
        dataset=0.27,
        kind=0.81,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout98": Figures(
        precision=1.00,
        recall=0.96,
        metric=0.87,
        dataset=0.00,
        kind=0.90,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
    "heldout99": Figures(
        precision=0.98,
        recall=0.90,
        metric=0.57,
        dataset=0.36,
        kind=0.89,
        unsupported=0.00,
        dataset_wrong=0.00,
    ),
}


@cache
def _scores() -> dict[str, Scores]:
    """Every labelled set, extracted in one run (a run costs seconds whatever its size)."""
    return labelled_sets_scores([FIXTURES / name for name in sorted(FLOORS)])


def test_a_labelled_set_scores_the_same_alone_and_with_the_others() -> None:
    assert labelled_set_scores(FIXTURES / "heldout18") == _scores()["heldout18"]


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_figures_on_a_labelled_set_do_not_fall(name: str) -> None:
    measured, floor = figures(_scores()[name]), FLOORS[name]
    assert measured.precision >= floor.precision
    assert measured.recall >= floor.recall
    assert measured.metric >= floor.metric
    assert measured.dataset >= floor.dataset
    assert measured.kind >= floor.kind
    # Of the results given a metric or dataset, the share given a wrong one.
    assert measured.unsupported <= floor.unsupported
    assert measured.dataset_wrong <= floor.dataset_wrong
